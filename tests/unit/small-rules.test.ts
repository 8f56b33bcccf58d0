import { describe, expect, it } from 'vitest';
import { sectionHref } from '~/lib/nav';
import { publicStorageUrl } from '~/lib/storage';

describe('sectionHref', () => {
  it('stays on the page on the home page', () => {
    expect(sectionHref('programs', '/')).toBe('#programs');
  });
  it('goes home first from another route', () => {
    expect(sectionHref('programs', '/guides')).toBe('/#programs');
    expect(sectionHref('contact', '/thank-you/call')).toBe('/#contact');
  });
});

describe('publicStorageUrl', () => {
  it('builds the public object URL as supabase-js does', () => {
    expect(publicStorageUrl('http://127.0.0.1:54321/', 'videos', '/brand/logo.png')).toBe('http://127.0.0.1:54321/storage/v1/object/public/videos/brand/logo.png');
  });
  it('encodes spaces', () => {
    expect(publicStorageUrl('https://x.supabase.co', 'videos', 'hero/my clip.mp4')).toBe('https://x.supabase.co/storage/v1/object/public/videos/hero/my%20clip.mp4');
  });
});
