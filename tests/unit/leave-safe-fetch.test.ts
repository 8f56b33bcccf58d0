import { describe, expect, it } from 'vitest';
import { leaveSafeFetch } from '~/lib/tracking/leave-safe-fetch';

/** A window whose fetch records calls and resolves only when told to. */
function fakeWindow() {
  const windowEvents = new EventTarget();
  const documentEvents = new EventTarget();
  const calls: { input: RequestInfo | URL; init: RequestInit; resolve: (r: Response) => void; reject: (e: unknown) => void }[] = [];
  const doc = {
    visibilityState: 'visible' as DocumentVisibilityState,
    addEventListener: documentEvents.addEventListener.bind(documentEvents),
    removeEventListener: documentEvents.removeEventListener.bind(documentEvents),
  };
  const win = {
    document: doc,
    addEventListener: windowEvents.addEventListener.bind(windowEvents),
    removeEventListener: windowEvents.removeEventListener.bind(windowEvents),
    fetch: (input: RequestInfo | URL, init: RequestInit = {}) =>
      new Promise<Response>((resolve, reject) => {
        calls.push({ input, init, resolve, reject });
        init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
      }),
  };
  return { win: win as unknown as Window, doc, calls, windowEvents, documentEvents };
}

const init = { method: 'POST', body: '{"event_id":"lead.1"}' };

describe('leaveSafeFetch', () => {
  it('is a normal fetch while the page stays', async () => {
    const { win, calls, windowEvents } = fakeWindow();
    const pending = leaveSafeFetch(win)('/api/track-conversion', init);
    expect(calls).toHaveLength(1);
    expect(calls[0]!.init.keepalive).toBeUndefined();
    calls[0]!.resolve(new Response(null, { status: 202 }));
    expect((await pending).status).toBe(202);
    windowEvents.dispatchEvent(new Event('pagehide'));
    expect(calls).toHaveLength(1);
  });

  it('hands an unfinished request to a keepalive request when the page is left', async () => {
    const { win, calls, windowEvents } = fakeWindow();
    const pending = leaveSafeFetch(win)('/api/track-conversion', init);
    windowEvents.dispatchEvent(new Event('pagehide'));
    await expect(pending).rejects.toThrow('aborted');
    expect(calls).toHaveLength(2);
    expect(calls[1]!.init).toMatchObject({ ...init, keepalive: true });
    windowEvents.dispatchEvent(new Event('pagehide'));
    expect(calls).toHaveLength(2);
  });

  it('does the same when the page is hidden (tab switch, app switch on mobile)', async () => {
    const { win, doc, calls, documentEvents } = fakeWindow();
    const pending = leaveSafeFetch(win)('/x', init);
    documentEvents.dispatchEvent(new Event('visibilitychange'));
    expect(calls).toHaveLength(1);
    doc.visibilityState = 'hidden';
    documentEvents.dispatchEvent(new Event('visibilitychange'));
    await expect(pending).rejects.toThrow();
    expect(calls.map((call) => call.init.keepalive)).toEqual([undefined, true]);
  });
});
