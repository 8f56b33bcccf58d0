/**
 * What a refusal of the Conversions API means for the coach, in plain words: a title, what to do,
 * and whether Meta refused the token or what it may reach (`tokenProblem`). While that is so no
 * event can be delivered, so delivery pauses until it is fixed. Codes are Meta's Graph API error
 * codes; `code` is null when Meta gave no answer (network, time-out). Runtime-free: the delivery
 * functions and the admin dashboard share it.
 */
import { DEFAULT_API_VERSION } from './meta-api-versions.ts';

export interface MetaProblemAdvice {
  title: string;
  whatToDo: string;
  tokenProblem: boolean;
}

const NEW_TOKEN =
  'Create a new Conversions API access token in Meta Events Manager (your dataset → Settings → Conversions API → Generate access token) and set it as the META_CAPI_TOKEN secret, on Supabase (supabase secrets set) and on the Cloudflare Pages project.';
const RETRIED = 'Nothing to do: these events stay pending and are sent again automatically. If this lasts for hours, look at the functions’ logs.';

/** Meta's throttling codes: the app, the user, the page, the hour or custom, the application limit, the ad account. */
export const RATE_LIMIT_CODES: ReadonlySet<number> = new Set([4, 17, 32, 613, 341, 80004]);
/**
 * Whether no event can be delivered until the coach changes a setting (the token, its
 * permission, the dataset, the API version): delivery pauses and every event stays pending.
 */
export const blocksEveryEvent = (code: number | null, message: string): boolean =>
  adviceFor(code, message).tokenProblem || code === 2635 || /deprecated version/i.test(message ?? '');

/** Permission denied (10) and the permission range (200–299). */
const isPermissionCode = (code: number) => code === 10 || (code >= 200 && code <= 299);

export function adviceFor(code: number | null, message: string): MetaProblemAdvice {
  const text = message ?? '';
  if (code === 190 || code === 102) {
    return {
      title: /expired/i.test(text) ? 'The Conversions API access token has expired' : 'Meta refused the access token',
      whatToDo: NEW_TOKEN,
      tokenProblem: true,
    };
  }
  if (code !== null && isPermissionCode(code)) {
    return {
      title: 'The access token lacks a permission Meta requires',
      whatToDo: `Generate the token from the dataset (pixel) the site sends to, in Events Manager, so it carries the Conversions API permission; check that META_PIXEL_ID is that dataset's ID. ${NEW_TOKEN}`,
      tokenProblem: true,
    };
  }
  if (code === 100 && /does not exist|missing permissions/i.test(text)) {
    return {
      title: 'Meta cannot find the dataset (pixel), or the token may not use it',
      whatToDo:
        'Check that META_PIXEL_ID is the dataset ID shown in Events Manager, and that the token was generated for that dataset. Then Retry failed sends the refused events again.',
      tokenProblem: true,
    };
  }
  if (code === 2635 || /deprecated version/i.test(text)) {
    return {
      title: 'Meta no longer accepts this Graph API version',
      whatToDo: `Set META_API_VERSION to ${DEFAULT_API_VERSION} (or remove it to use the default), then Retry failed sends the refused events again.`,
      tokenProblem: false,
    };
  }
  if (code !== null && RATE_LIMIT_CODES.has(code)) {
    return { title: 'Meta asked the site to send more slowly', whatToDo: RETRIED, tokenProblem: false };
  }
  if (code === null) {
    return { title: 'Meta could not be reached', whatToDo: RETRIED, tokenProblem: false };
  }
  if (code === 1 || code === 2) {
    return { title: 'Meta had a temporary problem', whatToDo: RETRIED, tokenProblem: false };
  }
  if (code === 100) {
    return {
      title: 'Meta refused an event as invalid',
      whatToDo:
        'This is about the event the site sent, not your settings: pass Meta’s message to the site’s developer. Sending the same events again fails the same way until the site is fixed.',
      tokenProblem: false,
    };
  }
  return {
    title: `Meta refused the events (error ${code})`,
    whatToDo:
      'Read Meta’s message; Events Manager → your dataset → Diagnostics often explains it. Once the cause is fixed, Retry failed sends the refused events of the last 7 days again.',
    tokenProblem: false,
  };
}
