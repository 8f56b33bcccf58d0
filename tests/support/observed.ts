/**
 * An IntersectionObserver stand-in for jsdom tests (stubbed with `vi.stubGlobal`): it keeps the
 * callback of the last observer made, so a test sends the entries a browser would.
 */
type Callback<Entry> = (entries: Entry[]) => void;

export function fakeIntersectionObserver<Entry>() {
  const last: { callback: Callback<Entry> | null } = { callback: null };
  class FakeIntersectionObserver {
    constructor(callback: Callback<Entry>) {
      last.callback = callback;
    }
    observe() {}
    disconnect() {}
  }
  /** Delivers `entries` to the last observer's callback, as one callback would. */
  const deliver = (entries: Entry[]) => {
    if (!last.callback) throw new Error('no IntersectionObserver was made');
    last.callback(entries);
  };
  return { FakeIntersectionObserver, deliver };
}
