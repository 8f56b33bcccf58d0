/**
 * Third-party embed scripts (the lead platform's form_embed.js): added to the page once and
 * reused by every later opening. A failed load is forgotten, so the next opening retries.
 */
const loads = new Map<string, Promise<void>>();

export function loadScriptOnce(doc: Document, src: string): Promise<void> {
  const pending = loads.get(src);
  if (pending) return pending;
  const load = new Promise<void>((resolve, reject) => {
    const script = doc.createElement('script');
    script.src = src;
    script.async = true;
    script.dataset.embedScript = '';
    script.addEventListener('load', () => resolve(), { once: true });
    script.addEventListener(
      'error',
      () => {
        script.remove();
        loads.delete(src);
        reject(new Error(`could not load ${src}`));
      },
      { once: true },
    );
    doc.head.append(script);
  });
  loads.set(src, load);
  return load;
}

/** The embedded opt-in form's address: `{host}/widget/form/{formId}`. */
export function formEmbedUrl(host: string, formId: string): string {
  return `${host.replace(/\/+$/, '')}/widget/form/${encodeURIComponent(formId)}`;
}

/** For tests: forget every load. */
export function resetEmbedScripts(): void {
  loads.clear();
}
