/** The element the toast island is placed in: written by Supplements.astro, found by page scripts. */
export const TOASTS_HOST_ID = 'site-toasts';
