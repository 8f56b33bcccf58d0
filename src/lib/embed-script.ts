/**
 * Third-party embed scripts (the scheduling and lead platforms' form_embed.js): added to the page
 * once and reused by every later opening. A failed or timed-out load is forgotten (its element
 * removed), so the next opening, or Try again, really loads it again.
 */
import { EMBED_GIVE_UP_MS } from './embed-load';

const loads = new Map<string, Promise<void>>();

export function loadScriptOnce(doc: Document, src: string, timeoutMs = EMBED_GIVE_UP_MS): Promise<void> {
  const pending = loads.get(src);
  if (pending) return pending;
  const win = doc.defaultView ?? window;
  const load = new Promise<void>((resolve, reject) => {
    const script = doc.createElement('script');
    script.src = src;
    script.async = true;
    script.dataset.embedScript = '';
    const timer = win.setTimeout(() => fail(`timed out loading ${src}`), timeoutMs);
    const fail = (message: string) => {
      win.clearTimeout(timer);
      script.remove();
      loads.delete(src);
      reject(new Error(message));
    };
    script.addEventListener(
      'load',
      () => {
        win.clearTimeout(timer);
        resolve();
      },
      { once: true },
    );
    script.addEventListener('error', () => fail(`could not load ${src}`), { once: true });
    doc.head.append(script);
  });
  loads.set(src, load);
  return load;
}

/**
 * The opt-in form's own page: `{host}/widget/form/{formId}`. The dialog's iframe shows it, and its
 * fallback links to it (a new tab), so a visitor whose blocker stops the embed still reaches it.
 */
export function formEmbedUrl(host: string, formId: string): string {
  return `${host.replace(/\/+$/, '')}/widget/form/${encodeURIComponent(formId)}`;
}

/** For tests: forget every load. */
export function resetEmbedScripts(): void {
  loads.clear();
}
