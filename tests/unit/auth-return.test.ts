import { describe, expect, it } from 'vitest';
import { homeFor, returnPath, signInHref } from '../../src/features/auth/auth-return';

const ORIGIN = 'https://kaylareyes.coach';
const back = (next: string) => returnPath(`?${new URLSearchParams({ next })}`, ORIGIN);

describe('where sign-in returns to', () => {
  it('returns to the guarded page, with its query and fragment', () => {
    expect(back('/admin')).toBe('/admin');
    expect(back('/admin/assets?tab=upload#files')).toBe('/admin/assets?tab=upload#files');
    expect(returnPath(new URL(signInHref('/admin/assets'), ORIGIN).search, ORIGIN)).toBe('/admin/assets');
  });

  it('goes home without a next path', () => {
    expect(returnPath('', ORIGIN)).toBe('/');
    expect(returnPath('?next=', ORIGIN)).toBe('/');
  });

  it.each([
    'https://evil.example/admin',
    '//evil.example/admin',
    '/\\evil.example',
    '\\\\evil.example',
    'javascript:alert(1)',
    'admin',
    ' /admin',
    'https://kaylareyes.coach.evil.example/',
  ])('never follows %s off the site', (next) => {
    expect(back(next)).toBe('/');
  });

  // The URL parser collapses dot segments: what came in starts with one "/", what it returns with two.
  it.each(['/.//evil.example', '/%2e//evil.example', '/a/..//evil.example', '/./\\evil.example', '/admin/..//evil.example', '/%2E%2E//evil.example/x?y#z'])(
    'never returns %s, which the URL parser turns into //evil.example',
    (next) => {
      expect(back(next)).toBe('/');
    },
  );

  it('still returns a path with dot segments that stays on the site', () => {
    expect(back('/guides/../admin')).toBe('/admin');
  });

  it('without a usable next path, an admin goes to the dashboard, an editor to the content editor, and anyone else home', () => {
    expect(homeFor('admin')).toBe('/admin');
    expect(homeFor('editor')).toBe('/admin/content');
    expect(homeFor(null)).toBe('/');
    expect(returnPath('', ORIGIN, homeFor('admin'))).toBe('/admin');
    expect(returnPath('?next=%2F.%2F%2Fevil.example', ORIGIN, homeFor('admin'))).toBe('/admin');
    expect(returnPath('?next=%2Fguides', ORIGIN, homeFor('admin'))).toBe('/guides');
    expect(returnPath('', ORIGIN, homeFor('editor'))).toBe('/admin/content');
  });

  it('never returns to /auth itself (a loop)', () => {
    expect(back('/auth')).toBe('/');
    expect(back('/auth?next=/admin')).toBe('/');
  });

  it('reads an encoded next path once', () => {
    expect(returnPath('?next=%2F%2Fevil.example', ORIGIN)).toBe('/');
    expect(returnPath('?next=%2Fadmin%3Ftab%3D1', ORIGIN)).toBe('/admin?tab=1');
  });
});
