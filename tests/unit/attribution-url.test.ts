import { describe, expect, it } from 'vitest';
import { attributionUrl, hasParam, hostOf, pathOf } from '../../supabase/functions/_shared/attribution-url';

describe('attributionUrl', () => {
  it('keeps origin, path and the attribution parameters only', () => {
    expect(
      attributionUrl('https://site.test/thank-you?email=a%40b.c&phone=555&utm_source=meta&utm_campaign=spring&fbclid=x&utm_term=t&utm_content=c&utm_medium=m#f'),
    ).toBe('https://site.test/thank-you?utm_source=meta&utm_medium=m&utm_campaign=spring&utm_content=c&utm_term=t&fbclid=x');
    expect(attributionUrl('https://site.test/a?name=Ann')).toBe('https://site.test/a');
  });

  it("leaves Google's click ids out: the URLs go to Meta", () => {
    expect(attributionUrl('https://site.test/?gclid=g&utm_source=google&gbraid=b&wbraid=w')).toBe('https://site.test/?utm_source=google');
  });

  it('drops the user-info part of a URL', () => {
    expect(attributionUrl('http://user:secret@site.test/p?x=1')).toBe('http://site.test/p');
    expect(attributionUrl('http://x@site.test/')).toBe('http://site.test/');
  });

  it('refuses what is not an http(s) URL', () => {
    expect(attributionUrl('javascript:alert(1)')).toBeNull();
    expect(attributionUrl('/relative')).toBeNull();
  });

  it('reads paths, hosts and parameters', () => {
    expect(pathOf('https://site.test/a/b?c=1')).toBe('/a/b');
    expect(hostOf('https://www.instagram.com/x')).toBe('www.instagram.com');
    expect(hasParam('https://s.test/?fbclid=abc', 'fbclid')).toBe(true);
    expect(hasParam('https://s.test/?fbclid=', 'fbclid')).toBe(false);
  });
});
