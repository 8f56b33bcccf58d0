// @vitest-environment node
/**
 * The booking dialog as a page has it (src/features/booking/BookingDialog.astro, rendered by Astro),
 * opened by the page script before its island hydrates, then hydrated by React's development
 * build: React logs nothing. React's production build does not compare attributes, so this is
 * where a mismatch such as the dialog's `open` shows (`npm run check:dev` looks under the dev server).
 */
import { getContainerRenderer } from '@astrojs/react/container-renderer';
import { experimental_AstroContainer as AstroContainer } from 'astro/container';
import { loadRenderers } from 'astro:container';
import { JSDOM } from 'jsdom';
import { act, createElement } from 'react';
import { afterAll, expect, it, vi } from 'vitest';
import BookingDialog from '~/features/booking/BookingDialog.astro';
import BookingModal from '~/features/booking/BookingModal';

const GLOBALS = ['window', 'document', 'navigator', 'Node', 'HTMLElement', 'HTMLIFrameElement', 'Event', 'MessageEvent', 'CustomEvent', 'MutationObserver'] as const;
const saved = new Map(GLOBALS.map((name) => [name, Object.getOwnPropertyDescriptor(globalThis, name)]));
afterAll(() => {
  for (const [name, descriptor] of saved) {
    if (descriptor) Object.defineProperty(globalThis, name, descriptor);
    else delete (globalThis as Record<string, unknown>)[name];
  }
});

/** Astro's island props format: `[0, value]` (objects revived key by key) and `[1, array]`, the two these props use. */
function revive([type, value]: [number, unknown]): unknown {
  if (type === 1) return (value as [number, unknown][]).map(revive);
  if (type !== 0) throw new Error(`prop type ${type} is not expected here`);
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(Object.entries(value as Record<string, [number, unknown]>).map(([key, entry]) => [key, revive(entry)]));
}

it('opened before hydration, the dialog hydrates without a mismatch and stays open', async () => {
  const container = await AstroContainer.create({
    renderers: await loadRenderers([getContainerRenderer()]),
    // The site's own directive (src/integrations/on-demand-islands/index.ts); its browser code is not run here.
    manifest: { clientDirectives: new Map([['on-demand', '(()=>{})']]) } as never,
  });
  const dom = new JSDOM(`<!doctype html><html><body>${await container.renderToString(BookingDialog)}</body></html>`, { url: 'http://127.0.0.1/' });
  for (const name of GLOBALS) Object.defineProperty(globalThis, name, { value: dom.window[name], configurable: true, writable: true });
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
  const { hydrateRoot } = await import('react-dom/client');

  const dialog = document.getElementById('booking-dialog')!;
  expect(dialog.tagName).toBe('DIALOG');
  // What showModal() does to the markup when opener.ts opens the dialog on the first tap.
  dialog.setAttribute('open', '');

  const island = document.querySelector('astro-island[component-url*="BookingModal"]')!;
  const props = revive([0, JSON.parse(island.getAttribute('props')!)]) as Record<string, unknown>;
  const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
  await act(async () => {
    hydrateRoot(island, createElement(BookingModal, props as never));
  });
  expect(logged.mock.calls.map((call) => String(call[0]))).toEqual([]);
  expect(dialog.hasAttribute('open')).toBe(true);
  expect(island.querySelector('[data-booking-loading]')).not.toBeNull();
});
