/**
 * What of a page URL may leave the site with a conversion: its origin and path, and of its query
 * only the attribution parameters. A form that redirects with `?email=…&phone=…` must not hand
 * them to Meta or to the ledger; a URL's user-info part (`http://user:pass@host/`) is dropped.
 * Runtime-free.
 */

/**
 * The campaign tags and Meta's click id. Google's click ids (gclid, gbraid, wbraid) are left out:
 * these URLs go to Meta, and Google's click travels apart, to Google only (conversion-event.ts).
 */
export const ATTRIBUTION_PARAMS = ['utm_source', 'utm_medium', 'utm_campaign', 'utm_content', 'utm_term', 'fbclid'] as const;

/**
 * A Google click id from a landing URL that may go to Google: printable ASCII without spaces.
 * They are base64url-like; a gclid is at most 100 characters today and Google publishes no bound
 * for gbraid and wbraid, hence the room. The page checks it before sending, the server again.
 */
export const GOOGLE_CLICK_ID = /^[\x21-\x7e]{1,512}$/;

const parse = (value: string): URL | null => {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url : null;
  } catch {
    return null;
  }
};

/** `origin + path + ?attribution params` of an http(s) URL, or null when it is not one. */
export function attributionUrl(value: string): string | null {
  const url = parse(value);
  if (!url) return null;
  const kept = new URLSearchParams();
  for (const name of ATTRIBUTION_PARAMS) {
    const param = url.searchParams.get(name);
    if (param !== null && param !== '') kept.set(name, param);
  }
  const query = kept.toString();
  return `${url.origin}${url.pathname}${query ? `?${query}` : ''}`;
}

/** The path of an http(s) URL (no query, no fragment), or null. */
export function pathOf(value: string): string | null {
  return parse(value)?.pathname ?? null;
}

/** The host of an http(s) URL, or null. */
export function hostOf(value: string): string | null {
  return parse(value)?.hostname || null;
}

/** Whether the URL's query carries the parameter (with a value). */
export function hasParam(value: string, name: string): boolean {
  return Boolean(parse(value)?.searchParams.get(name));
}
