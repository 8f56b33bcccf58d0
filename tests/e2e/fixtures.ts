/**
 * The `test` every spec uses: Playwright's, with a page that fails the test on any console error
 * or Content-Security-Policy violation of the site itself. Third-party hosts are offline here,
 * so their failures are not the site's. A test that expects an error names it:
 * `test.use({ allowedErrors: /status of 404/ })`.
 *
 * The visitor has already answered the privacy choices panel (ads measurement on), so it does not
 * cover what a test taps; the consent tests start without an answer (`privacyChoice: null`).
 */
import { test as base, expect } from '@playwright/test';
import { CONSENT_STORAGE_KEY, type AdsConsent } from '../../src/features/consent/consent';
import { SUPABASE_URL } from './helpers';

interface Options {
  /** Console errors this test causes on purpose (one pattern: an array would read as a fixture tuple). */
  allowedErrors: RegExp | undefined;
  /** The answer the visitor gave the privacy choices panel before the test, or null for none. */
  privacyChoice: AdsConsent | null;
}

const OWN_HOSTS = new Set([new URL(SUPABASE_URL).host]);

export const test = base.extend<Options>({
  allowedErrors: [undefined, { option: true }],
  privacyChoice: ['granted', { option: true }],
  page: async ({ page, allowedErrors, privacyChoice }, use, testInfo) => {
    const problems: string[] = [];
    // Everything the page said, attached to a failed test (CI keeps no trace).
    const messages: string[] = [];
    page.on('console', (message) => messages.push(`${message.type()}: ${message.text()}`));
    page.on('pageerror', (error) => messages.push(`uncaught: ${error.message}`));
    if (privacyChoice) {
      await page.addInitScript(
        ([key, ads]) => {
          // Only where no answer is stored yet: a test may change it on the way.
          try {
            if (!localStorage.getItem(key)) localStorage.setItem(key, JSON.stringify({ ads, at: Date.now() }));
          } catch {
            // A frame of another site may have no storage: nothing to answer there.
          }
        },
        [CONSENT_STORAGE_KEY, privacyChoice] as const,
      );
    }
    await page.addInitScript(() => {
      document.addEventListener('securitypolicyviolation', (event) => {
        console.error(`CSP violation: ${event.effectiveDirective} blocked ${event.blockedURI || 'inline'} (${event.sourceFile}:${event.lineNumber})`);
      });
    });
    page.on('console', (message) => {
      if (message.type() !== 'error') return;
      const text = message.text();
      const source = message.location().url;
      const host = source ? new URL(source).host : '';
      const pageHost = page.url().startsWith('http') ? new URL(page.url()).host : '';
      const thirdParty = host !== '' && host !== pageHost && !OWN_HOSTS.has(host);
      if (thirdParty || allowedErrors?.test(text)) return;
      problems.push(`${pageHost ? new URL(page.url()).pathname : page.url()}: ${text}${source && source !== page.url() ? ` (${source})` : ''}`);
    });
    page.on('pageerror', (error) => problems.push(`${page.url()}: uncaught ${error.message}`));
    try {
      await use(page);
    } finally {
      if (testInfo.status !== testInfo.expectedStatus && messages.length) await testInfo.attach('console', { body: messages.join('\n'), contentType: 'text/plain' });
    }
    expect(problems, 'console errors and CSP violations on the page').toEqual([]);
  },
});

export { expect };
export type { BrowserContext, Locator, Page, Request, Route, TestInfo } from '@playwright/test';
