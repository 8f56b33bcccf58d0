/** What the /admin/* guard shows each role on each path (src/features/admin/admin-areas.ts). */
import { describe, expect, it } from 'vitest';
import { adminView, contentEditorPath } from '~/features/admin/admin-areas';

describe('the admin guard’s view', () => {
  it('the content editor lives at /admin/content', () => {
    expect(contentEditorPath).toBe('/admin/content');
  });

  it('an admin gets the dashboard on every /admin path, and the content editor on its own', () => {
    for (const path of ['/admin', '/admin/assets', '/admin/anything/deeper']) expect(adminView('admin', path), path).toEqual({ show: 'dashboard' });
    for (const path of ['/admin/content', '/admin/content/']) expect(adminView('admin', path), path).toEqual({ show: 'content-editor' });
  });

  it('an editor gets the content editor there, and is sent there from any other /admin path', () => {
    for (const path of ['/admin/content', '/admin/content/']) expect(adminView('editor', path), path).toEqual({ show: 'content-editor' });
    for (const path of ['/admin', '/admin/', '/admin/assets', '/admin/conversions', '/admin/content-old', '/admin/content/x']) {
      expect(adminView('editor', path), path).toEqual({ redirect: '/admin/content' });
    }
  });

  it('anyone else (a member) is denied everywhere, the content editor included', () => {
    for (const path of ['/admin', '/admin/assets', '/admin/content']) expect(adminView(null, path), path).toEqual({ show: 'denied' });
  });
});
