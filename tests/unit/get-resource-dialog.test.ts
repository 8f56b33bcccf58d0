// @vitest-environment jsdom
/**
 * The opt-in dialog's island rendered in jsdom inside its <dialog> (static HTML on the page), where no third-party script or frame ever loads unless a
 * test says so: the fallback (form page in a new tab, Try again, e-mail) after a failed script,
 * a script that never loads, and a form frame that never loads; Try again really loads the
 * script again. Time is Vitest's fake clock.
 */
import { act, createElement } from 'react';
import { type Root, createRoot } from 'react-dom/client';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import GetResourceModal from '~/features/get-resource/GetResourceModal';
import { EMBED_WAIT_MS } from '~/lib/embed-load';
import { resetEmbedScripts } from '~/lib/embed-script';
import guides from '../../src/content/pages/guides.json';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const SCRIPT = 'https://link.msgsndr.com/js/form_embed.js';
const FORM = 'https://api.leadconnectorhq.com/widget/form/Xq7LmV2pRt9KbN4sWc1d';
const data = {
  copy: guides.freeResources.dialog,
  embeds: { leadFormHost: 'https://api.leadconnectorhq.com', formEmbedScript: SCRIPT },
  resources: { 'fit-batty-blueprint': { title: 'The Fit Baddie Blueprint', formId: 'Xq7LmV2pRt9KbN4sWc1d' } },
  request: { contactEmail: 'hello@kaylareyes.coach', cta: 'Get it free' },
};

let root: Root;
/** The static <dialog> (GetResourceDialog.astro) the island lives in. */
let host: HTMLDialogElement;

beforeEach(async () => {
  vi.useFakeTimers();
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  // jsdom has <dialog> without its modal methods.
  HTMLDialogElement.prototype.showModal ??= function (this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  HTMLDialogElement.prototype.close ??= function (this: HTMLDialogElement) {
    this.removeAttribute('open');
    this.dispatchEvent(new Event('close'));
  };
  document.head.innerHTML = '';
  resetEmbedScripts();
  host = document.body.appendChild(document.createElement('dialog'));
  root = createRoot(host.appendChild(document.createElement('div')));
  await act(async () => root.render(createElement(GetResourceModal, data)));
  // What the "Get it free" button does (src/features/get-resource/opener.ts): the request on the dialog, then open.
  await act(async () => {
    host.dataset.resource = 'fit-batty-blueprint';
    host.showModal();
  });
});
afterEach(() => {
  act(() => host.close());
  act(() => root.unmount());
  host.remove();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

const scripts = () => document.head.querySelectorAll(`script[src="${SCRIPT}"]`);
const fallback = () => host.querySelector('[data-resource-fallback]');
const wait = (ms: number) => act(async () => vi.advanceTimersByTime(ms));

function expectFallback() {
  const alert = fallback()!;
  expect(alert.getAttribute('role')).toBe('alert');
  expect(alert.textContent).toContain('The form could not load');
  const link = [...alert.querySelectorAll('a')].find((a) => a.textContent === 'Open the form in a new tab')!;
  expect(link.getAttribute('href')).toBe(FORM);
  expect(link.getAttribute('target')).toBe('_blank');
  expect(link.getAttribute('rel')).toContain('noopener');
  const mail = [...alert.querySelectorAll('a')].find((a) => a.href.startsWith('mailto:'))!;
  expect(mail.textContent).toBe('E-mail Kayla: hello@kaylareyes.coach');
  // No form on show: none at all, or one still loading out of the way.
  const frame = host.querySelector('iframe');
  if (frame) expect(frame.className).toContain('hidden');
}

it('a script that fails shows the fallback at once', async () => {
  expect(host.querySelector('[role="status"]')?.textContent).toBe('Loading the form…');
  await act(async () => scripts()[0]!.dispatchEvent(new Event('error')));
  expectFallback();
});

it('a script that never loads shows the fallback after the wait, not before; if it arrives late, the form follows', async () => {
  await wait(EMBED_WAIT_MS - 10);
  expect(fallback()).toBeNull();
  await wait(10);
  expectFallback();
  // Focus on the fallback's link, as a visitor reading it with the keyboard.
  fallback()!.querySelector('a')!.focus();

  // The slow script arrives: the form loads behind the fallback, then takes its place.
  expect(scripts()).toHaveLength(1);
  await act(async () => scripts()[0]!.dispatchEvent(new Event('load')));
  expectFallback();
  await act(async () => host.querySelector('iframe')!.dispatchEvent(new Event('load')));
  expect(fallback()).toBeNull();
  expect(host.querySelector('iframe')!.className).not.toMatch(/hidden|opacity-0/);
  // The link that had focus is gone: focus stays in the dialog, on the form's box.
  expect(document.activeElement?.getAttribute('aria-busy')).toBe('false');
});

it('a form frame that never loads shows the fallback too; a frame that loads shows the form', async () => {
  await act(async () => scripts()[0]!.dispatchEvent(new Event('load')));
  const frame = host.querySelector('iframe')!;
  expect(frame.getAttribute('src')).toBe(FORM);
  expect(frame.className).toContain('opacity-0');
  await wait(EMBED_WAIT_MS);
  expectFallback();
  expect(host.querySelector('iframe')).toBe(frame);

  // Try again: the script is reused (it loaded), a new frame is added, and this one loads.
  const retry = [...fallback()!.querySelectorAll('button')].find((b) => b.textContent === 'Try again')!;
  retry.focus();
  await act(async () => retry.click());
  expect(document.activeElement?.getAttribute('aria-busy')).toBe('true');
  expect(scripts()).toHaveLength(1);
  await act(async () => host.querySelector('iframe')!.dispatchEvent(new Event('load')));
  expect(host.querySelector('iframe')!.className).not.toContain('opacity-0');
  expect(host.querySelector('[role="status"]')).toBeNull();
  await wait(EMBED_WAIT_MS * 2);
  expect(fallback()).toBeNull();
});

it('Try again really loads a failed script again, and its form', async () => {
  await act(async () => scripts()[0]!.dispatchEvent(new Event('error')));
  expect(scripts()).toHaveLength(0);
  const retry = [...fallback()!.querySelectorAll('button')].find((b) => b.textContent === 'Try again')!;
  await act(async () => retry.click());
  expect(fallback()).toBeNull();
  expect(scripts()).toHaveLength(1);
  await act(async () => scripts()[0]!.dispatchEvent(new Event('load')));
  await act(async () => host.querySelector('iframe')!.dispatchEvent(new Event('load')));
  expect(host.querySelector('iframe')!.getAttribute('src')).toBe(FORM);
  expect(fallback()).toBeNull();
});
