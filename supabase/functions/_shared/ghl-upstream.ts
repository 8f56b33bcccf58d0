/**
 * How a GoHighLevel function says which GoHighLevel answered: an upstream on this machine (the
 * local fake of `npm run dev` and the tests) is named in this header. Shared by the functions
 * (ghl.ts) and the admin's calendar debugger (src/features/admin/calendar/calendar-debugger.ts); no imports, so
 * the browser bundle takes only these two strings.
 */
export const UPSTREAM_HEADER = 'x-ghl-upstream';
export const LOCAL_FAKE_UPSTREAM = 'local-fake';
