/**
 * What crawlers and link previews read, from the HTML files as the server sends them (no
 * JavaScript runs here), robots.txt and the sitemap.
 */
import { existsSync, readFileSync } from 'node:fs';
import { expect, test } from 'vitest';
import { routes } from '../e2e/routes';
import { distFile, pageFile, readPage } from './dist-files';

const attribute = (html: string, pattern: RegExp) => html.match(pattern)?.[1];
const indexed = routes.filter((entry) => entry.indexed);

for (const route of indexed) {
  test(`${route.path}: canonical, description, Open Graph, Twitter card, JSON-LD`, () => {
    const html = readPage(route.path);
    const canonical = attribute(html, /<link rel="canonical" href="([^"]+)"/);
    expect(canonical).toBeDefined();
    expect(new URL(canonical ?? '').pathname).toBe(route.path);
    expect(attribute(html, /<meta name="description" content="([^"]{20,})"/)).toBeDefined();
    for (const property of ['og:title', 'og:description', 'og:url', 'og:image', 'og:type']) {
      expect(html, property).toMatch(new RegExp(`<meta property="${property}" content="[^"]+"`));
    }
    expect(html).toContain('<meta name="twitter:card" content="summary_large_image"');
    expect(html.includes('noindex'), 'noindex').toBe(false);
    const jsonLd = attribute(html, /<script type="application\/ld\+json">(.+?)<\/script>/s);
    const data = JSON.parse(jsonLd ?? '{}');
    expect(data['@type']).toBe('Person');
    expect(data.makesOffer.length).toBeGreaterThan(0);
    const ogImage = attribute(html, /<meta property="og:image" content="([^"]+)"/) ?? '';
    expect(existsSync(distFile(new URL(ogImage).pathname)), `${ogImage} is in dist/`).toBe(true);
  });
}

for (const path of ['/auth', '/admin']) {
  test(`${path} is not indexed`, () => {
    expect(attribute(readPage(path), /<meta name="robots" content="([^"]+)"/)).toBe('noindex, nofollow');
  });
}

test('the text of public pages is in the HTML, readable without JavaScript', () => {
  const expectations: Record<string, string[]> = {
    '/': ['Mindset Coaching', 'Fitness Plans', 'Nutrition Plans', 'Community Access', '336', '300+', '900+'],
    '/guides': [
      'Enter your email to get instant access.',
      'No spam, just good stuff',
      'Additional Guides',
      'The Fit Baddie Blueprint',
      'Featured Program',
      'Military Guides',
      'Strength Guides',
      'Muscle Building Guides',
      'Nutrition Guides',
      '5,000+ fitness enthusiasts already downloaded',
      'What’s included:',
    ],
    '/thank-you': ['Thank You!', 'Return to Homepage', 'Browse Free Resources', '24 hours'],
    '/thank-you/call': ['Call Scheduled!', 'Return to Homepage', 'Browse Free Resources'],
    '/thank-you/resource': ['Resource Access Granted!', 'Explore Your Resources', 'Book a Consultation Call'],
    '/in-development': ['Transform your body &amp; mind.', 'Browse workouts by target', 'Glutes', 'Abs', 'Arms', 'Upper', 'Back', 'ACCESS ALL WORKOUTS'],
  };
  for (const [path, texts] of Object.entries(expectations)) {
    const html = readPage(path).replaceAll('&#39;', '’').replaceAll("What's", 'What’s');
    expect(texts.filter((text) => !html.includes(text)), `missing from ${path}`).toEqual([]);
  }
});

test('robots.txt keeps crawlers out of /admin and /auth and names the sitemap', () => {
  const robots = readFileSync(distFile('/robots.txt'), 'utf8');
  expect(robots).toContain('Disallow: /admin');
  expect(robots).toContain('Disallow: /auth');
  expect(robots).toMatch(/^Sitemap: https?:\/\/.+\/sitemap-index\.xml$/m);
});

test('the sitemap lists the public pages, each a page of the build, and not the private ones', () => {
  const index = readFileSync(distFile('/sitemap-index.xml'), 'utf8');
  const sitemapUrl = index.match(/<loc>([^<]+)<\/loc>/)?.[1] ?? '';
  const sitemap = readFileSync(distFile(new URL(sitemapUrl).pathname), 'utf8');
  const paths = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1] ?? '').pathname);
  for (const route of indexed) expect(paths).toContain(route.path);
  expect(paths.some((path) => path.startsWith('/admin') || path.startsWith('/auth'))).toBe(false);
  for (const path of paths) expect(() => pageFile(path)).not.toThrow();
});
