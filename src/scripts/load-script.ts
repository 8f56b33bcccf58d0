/**
 * Adds a third-party script to the page once and reuses it. A failed load is forgotten (its
 * element removed) so that the next attempt tries again.
 */
const loads = new Map<string, Promise<void>>();

export function loadScriptOnce(src: string, timeoutMs = 15_000): Promise<void> {
  const existing = loads.get(src);
  if (existing) return existing;
  const promise = new Promise<void>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = src;
    script.async = true;
    const timer = window.setTimeout(() => fail(new Error(`timed out loading ${src}`)), timeoutMs);
    const fail = (error: Error) => {
      window.clearTimeout(timer);
      script.remove();
      loads.delete(src);
      reject(error);
    };
    script.addEventListener('load', () => {
      window.clearTimeout(timer);
      resolve();
    });
    script.addEventListener('error', () => fail(new Error(`failed to load ${src}`)));
    document.head.append(script);
  });
  loads.set(src, promise);
  return promise;
}
