// @vitest-environment jsdom
/**
 * Page scripts and islands share no module (so the page script stays inline): they meet on
 * elements. These tests hold the two sides together: what a page script writes on a dialog or an
 * island's element is what the island reads (src/lib/use-host-element.ts, the features' contract.ts).
 */
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { logMissingPage } from '~/enhancers/not-found';
import { enhanceBookingTriggers } from '~/features/booking/opener';
import { BOOKING_DIALOG } from '~/features/booking/ids';
import { enhanceGetResource } from '~/features/get-resource/opener';
import { GET_RESOURCE_DIALOG } from '~/features/get-resource/ids';
import type { GetResourceDialogData } from '~/features/get-resource/contract';
import { queueToast } from '~/features/toasts/queue-toast';
import { TOASTS_HOST_ID } from '~/features/toasts/ids';
import { takeQueuedToasts } from '~/features/toasts/Toasts';
import { serverTarget } from '~/features/tracking/thank-you-tracking';
import { WANTED_ATTRIBUTE } from '~/integrations/on-demand-islands/contract';
import { CLOSED_HOST, hostOf, readHost } from '~/lib/use-host-element';
import { wakeIsland } from '~/lib/wake-island';

beforeAll(() => {
  // jsdom has <dialog> without its modal methods.
  HTMLDialogElement.prototype.showModal ??= function (this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  HTMLDialogElement.prototype.close ??= function (this: HTMLDialogElement) {
    this.removeAttribute('open');
    this.dispatchEvent(new Event('close'));
  };
  // Once per page, as the page script does.
  enhanceBookingTriggers();
  enhanceGetResource();
});
afterEach(() => {
  document.body.innerHTML = '';
});

const click = (element: Element) => element.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, button: 0 }));

describe('page scripts and islands meet on elements', () => {
  it('wakeIsland marks the island a host holds, or the island an element belongs to, once', () => {
    document.body.innerHTML = '<div id="host"><astro-island><dialog id="inner"></dialog></astro-island></div>';
    const island = document.querySelector('astro-island')!;
    wakeIsland(document.getElementById('inner'));
    expect(island.hasAttribute(WANTED_ATTRIBUTE)).toBe(true);
    island.removeAttribute(WANTED_ATTRIBUTE);
    wakeIsland(document.getElementById('host'));
    expect(island.hasAttribute(WANTED_ATTRIBUTE)).toBe(true);
    expect(() => wakeIsland(null)).not.toThrow();
  });

  it('a host counts its openings and passes its data-* request', () => {
    document.body.innerHTML = '<dialog data-goal="Build strength"></dialog>';
    const dialog = document.querySelector('dialog')!;
    let state = readHost(dialog, CLOSED_HOST);
    expect(state).toEqual({ open: false, opens: 0, data: { goal: 'Build strength' } });
    dialog.showModal();
    state = readHost(dialog, state);
    expect([state.open, state.opens]).toEqual([true, 1]);
    state = readHost(dialog, state); // still open: not a new opening
    dialog.close();
    state = readHost(dialog, state);
    dialog.showModal();
    expect(readHost(dialog, state).opens).toBe(2);
  });

  it('an island finds its host: its dialog, or the element it is placed in', () => {
    document.body.innerHTML = '<div id="container"><astro-island><div id="card"></div></astro-island></div><dialog><span id="inside"></span></dialog>';
    expect(hostOf(document.getElementById('card')!, 'parent')?.id).toBe('container');
    expect(hostOf(document.getElementById('inside')!, 'dialog')?.tagName).toBe('DIALOG');
  });

  it('a booking button opens the dialog with its goal and wakes the island inside; another button clears the goal', () => {
    document.body.innerHTML = `<a href="#contact" data-open-booking data-booking-goal=" Build strength ">Start</a><a href="#contact" data-open-booking>Start</a>
      <dialog id="${BOOKING_DIALOG.dialog}"><astro-island></astro-island></dialog>`;
    const [withGoal, plain] = document.querySelectorAll('[data-open-booking]');
    const dialog = document.getElementById(BOOKING_DIALOG.dialog) as HTMLDialogElement;
    click(withGoal!);
    const opened = readHost(dialog, CLOSED_HOST);
    expect([opened.open, opened.opens, opened.data.goal]).toEqual([true, 1, 'Build strength']);
    expect(Number(opened.data.openedAt)).toBeLessThanOrEqual(performance.now());
    expect(dialog.querySelector('astro-island')!.hasAttribute(WANTED_ATTRIBUTE)).toBe(true);
    dialog.close();
    click(plain!);
    expect(readHost(dialog, CLOSED_HOST).data.goal).toBeUndefined();
  });

  it('a Get it free button opens the dialog with its title and asks for its resource', () => {
    document.body.innerHTML = `<a href="mailto:x" data-get-resource="meal-plan" data-dialog-title="Get The Meal Plan">Get it free</a>
      <dialog id="${GET_RESOURCE_DIALOG.dialog}"><h2 id="${GET_RESOURCE_DIALOG.title}"></h2><astro-island></astro-island></dialog>`;
    click(document.querySelector('[data-get-resource]')!);
    const dialog = document.getElementById(GET_RESOURCE_DIALOG.dialog) as HTMLDialogElement;
    expect(dialog.open).toBe(true);
    expect((dialog.dataset as GetResourceDialogData).resource).toBe('meal-plan');
    expect(document.getElementById(GET_RESOURCE_DIALOG.title)?.textContent).toBe('Get The Meal Plan');
    expect(document.querySelector('astro-island')!.hasAttribute(WANTED_ATTRIBUTE)).toBe(true);
  });

  it('toasts queued before the toast island hydrated are all shown, in order, once', () => {
    document.body.innerHTML = `<div id="${TOASTS_HOST_ID}"><astro-island></astro-island></div>`;
    queueToast({ kind: 'success', title: 'Copied', description: 'a' });
    queueToast({ kind: 'error', title: 'Failed', description: 'b' });
    const host = document.getElementById(TOASTS_HOST_ID)!;
    expect(host.querySelector('astro-island')!.hasAttribute(WANTED_ATTRIBUTE)).toBe(true);
    expect(takeQueuedToasts(host).map((toast) => toast.title)).toEqual(['Copied', 'Failed']);
    expect(takeQueuedToasts(host)).toEqual([]);
  });
});

describe('the thank-you page script', () => {
  function section(data: Record<string, string>): HTMLElement {
    const element = document.createElement('section');
    Object.assign(element.dataset, data);
    return element;
  }

  it('sends the lead to the site endpoint, and the call to the backend function the page names, as supabase-js would', () => {
    expect(serverTarget('lead', section({}))).toEqual({ url: '/api/track-conversion', headers: { 'content-type': 'application/json' } });
    expect(serverTarget('call', section({ functionsUrl: 'https://x.supabase.co/functions/v1', functionsKey: 'eyJ.anon' }))).toEqual({
      url: 'https://x.supabase.co/functions/v1/track-conversion',
      headers: { 'content-type': 'application/json', apikey: 'eyJ.anon', authorization: 'Bearer eyJ.anon' },
    });
    // A publishable key is not a JWT: it goes as apikey only.
    expect(serverTarget('resource', section({ functionsUrl: 'https://x.supabase.co/functions/v1', functionsKey: 'sb_publishable_1' }))?.headers).toEqual({
      'content-type': 'application/json',
      apikey: 'sb_publishable_1',
    });
  });

  it('has no target when the page does not name the function', () => {
    expect(serverTarget('call', section({}))).toBeNull();
  });
});

describe('the 404 page script', () => {
  it('logs the missing path on the 404 page only', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    logMissingPage(document);
    expect(error).not.toHaveBeenCalled();
    document.body.innerHTML = '<section data-not-found></section>';
    logMissingPage(document);
    expect(error).toHaveBeenCalledWith('404 Error: User attempted to access non-existent route:', window.location.pathname);
    error.mockRestore();
  });
});
