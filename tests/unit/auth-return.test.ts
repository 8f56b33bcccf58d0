import { describe, expect, it } from 'vitest';
import { returnPath, signInHref } from '../../src/features/auth/auth-return';

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

  it('never returns to /auth itself (a loop)', () => {
    expect(back('/auth')).toBe('/');
    expect(back('/auth?next=/admin')).toBe('/');
  });

  it('reads an encoded next path once', () => {
    expect(returnPath('?next=%2F%2Fevil.example', ORIGIN)).toBe('/');
    expect(returnPath('?next=%2Fadmin%3Ftab%3D1', ORIGIN)).toBe('/admin?tab=1');
  });
});
