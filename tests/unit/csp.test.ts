import { describe, expect, it } from 'vitest';
import { buildCsp, forbiddenInlineCode, inlineScripts, sha256, withMetaPixel } from '../../src/integrations/csp';

const embeds = {
  leadFormHost: 'https://api.leadconnectorhq.com',
  formEmbedScript: 'https://link.msgsndr.com/js/form_embed.js',
  bookingHost: 'https://api.leadconnectorhq.com',
};

const directive = (csp: string, name: string) => csp.split('; ').find((part) => part.startsWith(`${name} `));

describe('the Content-Security-Policy of a build', () => {
  it('hashes the inline scripts a browser runs, not data blocks or external scripts', () => {
    const html = `<script>a()</script><script type="module">b()</script><script type="application/ld+json">{"x":1}</script>
      <script type="application/json" id="d">{}</script><script type="module" src="/_astro/x.js"></script>`;
    expect(inlineScripts(html)).toEqual(['a()', 'b()']);
    expect(sha256('a()')).toMatch(/^'sha256-[A-Za-z0-9+/]{43}='$/);
  });

  it('allows scripts by hash and the embed host only; styles inline; frames from the embed hosts', () => {
    const csp = buildCsp({ hashes: ["'sha256-b'", "'sha256-a'", "'sha256-a'"], supabaseUrl: 'https://abc.supabase.co/', embeds, metaPixelId: '' });
    expect(directive(csp, 'script-src')).toBe("script-src 'self' 'sha256-a' 'sha256-b' https://link.msgsndr.com");
    expect(directive(csp, 'connect-src')).toBe("connect-src 'self' blob: https://abc.supabase.co");
    expect(directive(csp, 'media-src')).toBe("media-src 'self' blob: https://abc.supabase.co");
    expect(directive(csp, 'img-src')).toContain('https://abc.supabase.co');
    expect(directive(csp, 'frame-src')).toBe('frame-src https://api.leadconnectorhq.com');
    expect(directive(csp, 'frame-ancestors')).toBe("frame-ancestors 'none'");
    expect(directive(csp, 'object-src')).toBe("object-src 'none'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe/);
    expect(csp).not.toContain('facebook');
  });

  it("adds Meta's pixel hosts only with a pixel id", () => {
    const csp = buildCsp({ hashes: [], supabaseUrl: 'http://127.0.0.1:54321', embeds, metaPixelId: '1234567890' });
    expect(directive(csp, 'script-src')).toContain('https://connect.facebook.net');
    expect(directive(csp, 'connect-src')).toContain('https://www.facebook.com');
    expect(directive(csp, 'img-src')).toContain('https://www.facebook.com');
    expect(withMetaPixel(csp)).toBe(csp);
  });

  it('refuses inline event handlers and javascript: URLs, which no hash can allow', () => {
    expect(forbiddenInlineCode('<img src="x.png" onerror="go()">')).toEqual(['inline handler onerror=']);
    expect(forbiddenInlineCode('<a href="javascript:void(0)">x</a>')).toEqual(['javascript: URL']);
    expect(forbiddenInlineCode('<a href="/x" data-once="1">once upon</a>')).toEqual([]);
  });
});
