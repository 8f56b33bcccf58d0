import { chromium } from '@playwright/test';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
for (const [w,h] of [[390,844],[1280,800]]) {
  const page = await browser.newPage({ viewport: { width: w, height: h } });
  const scripts = [];
  page.on('request', (r) => { if (r.resourceType() === 'script') scripts.push(r.url().replace('http://127.0.0.1:4601/_astro/','')); });
  page.on('console', (m) => m.type()==='error' && console.log('console:', m.text()));
  page.on('pageerror', (e) => console.log('pageerror:', e.message));
  await page.goto('http://127.0.0.1:4601/');
  await page.waitForLoadState('networkidle');
  console.log(w, 'scripts before', scripts.length, scripts.join(' '));
  await page.screenshot({ path: `/tmp/shots/home-${w}.png`, fullPage: true });
  await page.locator('#testimonials').scrollIntoViewIfNeeded();
  await page.waitForTimeout(1500);
  console.log(w, 'scripts after scroll', scripts.join(' '));
  await page.screenshot({ path: `/tmp/shots/testimonials-${w}.png` });
  await page.locator('#supplements').scrollIntoViewIfNeeded();
  await page.waitForTimeout(1000);
  await page.getByRole('button', { name: 'Find your supplements' }).click();
  await page.waitForTimeout(500);
  await page.screenshot({ path: `/tmp/shots/screener-${w}.png` });
  await page.keyboard.press('Escape');
  await page.getByRole('button', {name: /Chat with Kayla/}).click();
  await page.waitForTimeout(800);
  await page.screenshot({ path: `/tmp/shots/prompt-${w}.png` });
  await page.close();
}
await browser.close();
