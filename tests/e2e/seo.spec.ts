/**
 * What crawlers and link previews read, from the HTML as served (no JavaScript runs here).
 */
import { expect, test } from '@playwright/test';
import { routes } from './routes';

test.skip(({ isMobile }) => isMobile, 'HTML checks do not depend on the viewport');

const attribute = (html: string, pattern: RegExp) => html.match(pattern)?.[1];

for (const route of routes.filter((entry) => entry.indexed)) {
  test(`${route.path}: canonical, description, Open Graph, Twitter card, JSON-LD`, async ({ request, baseURL }) => {
    const response = await request.get(route.path);
    expect(response.status()).toBe(200);
    const html = await response.text();
    const canonical = attribute(html, /<link rel="canonical" href="([^"]+)"/);
    expect(canonical).toBeDefined();
    expect(new URL(canonical ?? '').pathname).toBe(route.path);
    expect(attribute(html, /<meta name="description" content="([^"]{20,})"/)).toBeDefined();
    for (const property of ['og:title', 'og:description', 'og:url', 'og:image', 'og:type']) {
      expect(html, property).toMatch(new RegExp(`<meta property="${property}" content="[^"]+"`));
    }
    expect(html).toContain('<meta name="twitter:card" content="summary_large_image"');
    expect(html).not.toContain('noindex');
    const jsonLd = attribute(html, /<script type="application\/ld\+json">(.+?)<\/script>/s);
    const data = JSON.parse(jsonLd ?? '{}');
    expect(data['@type']).toBe('Person');
    expect(data.makesOffer.length).toBeGreaterThan(0);
    const ogImage = attribute(html, /<meta property="og:image" content="([^"]+)"/) ?? '';
    const image = await request.get(`${baseURL}${new URL(ogImage).pathname}`);
    expect(image.status()).toBe(200);
  });
}

for (const path of ['/auth', '/admin']) {
  test(`${path} is not indexed`, async ({ request }) => {
    const html = await (await request.get(path)).text();
    expect(html).toContain('<meta name="robots" content="noindex, nofollow"');
  });
}

test('the text of public pages is in the HTML, readable without JavaScript', async ({ request }) => {
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
    const html = (await (await request.get(path)).text()).replaceAll('&#39;', '’').replaceAll("What's", 'What’s');
    for (const text of texts) expect(html, `${path} contains "${text}"`).toContain(text);
  }
});

test('robots.txt keeps crawlers out of /admin and /auth and names the sitemap', async ({ request }) => {
  const robots = await (await request.get('/robots.txt')).text();
  expect(robots).toContain('Disallow: /admin');
  expect(robots).toContain('Disallow: /auth');
  expect(robots).toMatch(/^Sitemap: https?:\/\/.+\/sitemap-index\.xml$/m);
});

test('the sitemap lists the public pages and not the private ones', async ({ request }) => {
  const index = await (await request.get('/sitemap-index.xml')).text();
  const sitemapUrl = index.match(/<loc>([^<]+)<\/loc>/)?.[1] ?? '';
  const sitemap = await (await request.get(new URL(sitemapUrl).pathname)).text();
  const paths = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1] ?? '').pathname);
  for (const route of routes.filter((entry) => entry.indexed)) expect(paths).toContain(route.path);
  expect(paths.some((path) => path.startsWith('/admin') || path.startsWith('/auth'))).toBe(false);
});
