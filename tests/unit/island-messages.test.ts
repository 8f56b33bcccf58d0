// @vitest-environment jsdom
/**
 * Page scripts and islands share no module (so the page script stays inline): they talk through
 * window. These tests hold the two sides together: src/enhancers/islands.ts sends,
 * src/islands/page-messages.ts and the stores receive.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ISLAND_MAIL, sendToIsland } from '~/enhancers/islands';
import { PROMPT_CLOSE_EVENT as WATCHER_CLOSE_EVENT } from '~/enhancers/floating-prompt';
import { logMissingPage } from '~/enhancers/not-found';
import { serverTarget } from '~/enhancers/thank-you-tracking';
import { onPageMessage } from '~/islands/page-messages';
import { $booking } from '~/stores/booking';
import { $getResource, resourceOpener } from '~/stores/get-resource';
import { $prompt, PROMPT_CLOSE_EVENT } from '~/stores/prompt';
import { $screenerOpen, $screenerOpens } from '~/stores/screener';

afterEach(() => {
  delete (window as unknown as Record<string, unknown>)[ISLAND_MAIL];
  document.body.innerHTML = '';
});

describe('messages from page scripts to islands', () => {
  it('keeps what was sent before the island listened, then delivers the rest as it comes, in order', () => {
    sendToIsland('test-a', 1);
    sendToIsland('test-a', 2);
    const received: number[] = [];
    const stop = onPageMessage<number>('test-a', (message) => received.push(message));
    expect(received).toEqual([1, 2]);
    sendToIsland('test-a', 3);
    expect(received).toEqual([1, 2, 3]);
    stop();
    sendToIsland('test-a', 4);
    expect(received).toEqual([1, 2, 3]);
  });

  it('delivers each message once, to its own island only', () => {
    const a: string[] = [];
    const b: string[] = [];
    onPageMessage<string>('test-b', (message) => a.push(message));
    onPageMessage<string>('test-c', (message) => b.push(message));
    sendToIsland('test-b', 'hello');
    expect(a).toEqual(['hello']);
    expect(b).toEqual([]);
  });

  it('feeds the stores the islands render from', () => {
    const opener = document.body.appendChild(document.createElement('button'));
    sendToIsland('booking', { open: true, goal: 'Build strength' });
    expect($booking.get()).toEqual({ open: true, goal: 'Build strength', opens: 1 });
    sendToIsland('booking', { open: false });
    expect($booking.get().open).toBe(false);
    sendToIsland('screener', { open: true });
    expect([$screenerOpen.get(), $screenerOpens.get()]).toEqual([true, 1]);
    sendToIsland('get-resource', { id: 'meal-plan', opener });
    expect([$getResource.get(), resourceOpener()]).toEqual(['meal-plan', opener]);
    sendToIsland('prompt', { open: true, section: 'about' });
    expect($prompt.get()).toEqual({ open: true, section: 'about' });
  });

  it('the card tells the watcher it closed with the event the watcher listens for', () => {
    expect(WATCHER_CLOSE_EVENT).toBe(PROMPT_CLOSE_EVENT);
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
