// @vitest-environment node
/**
 * The dialogs as a page has them (rendered by Astro), opened by the page script before their island
 * hydrates, then hydrated by React's development build: React logs nothing. React's production build
 * does not compare attributes, so this is where a mismatch such as the dialog's `open` shows
 * (`npm run check:dev` looks under the dev server). The booking dialog (BookingDialog.astro, every
 * page) and the guides' opt-in dialog (in FreeResources.astro, /guides).
 */
import { getContainerRenderer } from '@astrojs/react/container-renderer';
import { experimental_AstroContainer as AstroContainer } from 'astro/container';
import { loadRenderers } from 'astro:container';
import { JSDOM } from 'jsdom';
import { act, createElement, type ComponentType } from 'react';
import { afterAll, expect, it, vi } from 'vitest';
import FreeResources from '~/components/guides/FreeResources.astro';
import BookingDialog from '~/features/booking/BookingDialog.astro';

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

/**
 * Renders `component` into a document, lets `open` do to the dialog what the page script does on the
 * first tap, then hydrates the island in it (its module named by the island's `component-url`, as
 * the browser loads it). Returns what React logged, and the dialog.
 */
async function openThenHydrate(component: Parameters<AstroContainer['renderToString']>[0], dialogId: string, open: (dialog: Element) => void) {
  const container = await AstroContainer.create({
    renderers: await loadRenderers([getContainerRenderer()]),
    // The site's own directive (src/integrations/on-demand-islands/index.ts); its browser code is not run here.
    manifest: { clientDirectives: new Map([['on-demand', '(()=>{})']]) } as never,
  });
  const dom = new JSDOM(`<!doctype html><html><body>${await container.renderToString(component)}</body></html>`, { url: 'http://127.0.0.1/' });
  for (const name of GLOBALS) Object.defineProperty(globalThis, name, { value: dom.window[name], configurable: true, writable: true });
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
  const { hydrateRoot } = await import('react-dom/client');

  const dialog = document.getElementById(dialogId)!;
  expect(dialog.tagName).toBe('DIALOG');
  const island = dialog.closest('astro-island') ?? dialog.querySelector('astro-island')!;
  const url = island.getAttribute('component-url')!;
  const module = (await import(/* @vite-ignore */ url.replace(/^\/@fs/, ''))) as { default: ComponentType };
  // From the tap on, the dialog's clock stands still: what it says once hydrated cannot depend on how
  // long this machine takes to hydrate it (on a loaded one, the form's 3-second wait ran out first).
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] });
  try {
    open(dialog);
    const props = revive([0, JSON.parse(island.getAttribute('props')!)]) as Record<string, unknown>;
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await act(async () => {
      hydrateRoot(island, createElement(module.default, props as never));
    });
    const calls = logged.mock.calls.map((call) => String(call[0]));
    logged.mockRestore();
    return { logged: calls, dialog };
  } finally {
    vi.useRealTimers();
  }
}

it('the booking dialog, opened before hydration, hydrates without a mismatch and stays open', async () => {
  const { logged, dialog } = await openThenHydrate(BookingDialog, 'booking-dialog', (element) => {
    // What showModal() does to the markup when opener.ts opens the dialog on the first tap.
    element.setAttribute('open', '');
  });
  expect(logged).toEqual([]);
  expect(dialog.hasAttribute('open')).toBe(true);
  expect(dialog.querySelector('[data-booking-loading]')).not.toBeNull();
});

it('the guides’ opt-in dialog, opened with its title and request before hydration, hydrates without a mismatch', async () => {
  const { logged, dialog } = await openThenHydrate(FreeResources, 'get-resource-dialog', (element) => {
    // What src/features/get-resource/opener.ts does on the first 'Get it free'.
    Object.assign((element as HTMLElement).dataset, { resource: 'fit-batty-blueprint', openedAt: String(Math.round(performance.now())) });
    element.querySelector('#get-resource-title')!.textContent = 'Get The Fit Baddie Blueprint';
    element.setAttribute('open', '');
  });
  expect(logged).toEqual([]);
  expect(dialog.hasAttribute('open')).toBe(true);
  expect(dialog.querySelector('[role="status"]')?.textContent).toBe('Loading the form…');
});
