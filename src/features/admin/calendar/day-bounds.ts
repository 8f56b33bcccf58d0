/**
 * Start and end of a calendar day in an IANA time zone, as epoch milliseconds: what the free-slots
 * call sends. DST days are 23 or 25 hours long; the end is the next day's start − 1 ms.
 */

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string): Intl.DateTimeFormat {
  let found = formatters.get(timeZone);
  if (!found) {
    found = new Intl.DateTimeFormat('en-US', { timeZone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit' });
    formatters.set(timeZone, found);
  }
  return found;
}

/** The local calendar date at `epochMs` in `timeZone`, as a comparable number yyyymmdd. */
function localDateNumber(epochMs: number, timeZone: string): number {
  const parts = formatter(timeZone).formatToParts(new Date(epochMs));
  const get = (type: string) => Number(parts.find((part) => part.type === type)?.value);
  return get('year') * 10000 + get('month') * 100 + get('day');
}

function parseDate(date: string): { y: number; m: number; d: number } {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!match) throw new Error(`date must look like 2026-03-08, got "${date}"`);
  const [y, m, d] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const check = new Date(Date.UTC(y, m - 1, d));
  if (check.getUTCFullYear() !== y || check.getUTCMonth() !== m - 1 || check.getUTCDate() !== d) throw new Error(`"${date}" is not a calendar date`);
  return { y, m, d };
}

/** The first instant whose local date in `timeZone` is the given day (binary search, 1 ms). */
function startOfLocalDay(y: number, m: number, d: number, timeZone: string): number {
  const target = y * 10000 + m * 100 + d;
  // Every zone's offset is within ±14 h, so the day starts inside this window.
  let low = Date.UTC(y, m - 1, d) - 15 * 3_600_000;
  let high = Date.UTC(y, m - 1, d) + 15 * 3_600_000;
  while (high - low > 1) {
    const mid = Math.floor((low + high) / 2);
    if (localDateNumber(mid, timeZone) >= target) high = mid;
    else low = mid;
  }
  return high;
}

export function isTimeZone(value: string): boolean {
  try {
    formatter(value);
    return true;
  } catch {
    return false;
  }
}

/** `{ startDate, endDate }` of `date` (YYYY-MM-DD) in `timeZone`, epoch ms, both inclusive. */
export function dayBounds(date: string, timeZone: string): { startDate: number; endDate: number } {
  if (!isTimeZone(timeZone)) throw new Error(`"${timeZone}" is not an IANA time zone`);
  const { y, m, d } = parseDate(date);
  const next = new Date(Date.UTC(y, m - 1, d + 1));
  const startDate = startOfLocalDay(y, m, d, timeZone);
  const endDate = startOfLocalDay(next.getUTCFullYear(), next.getUTCMonth() + 1, next.getUTCDate(), timeZone) - 1;
  return { startDate, endDate };
}

/** `date` (YYYY-MM-DD) moved by `days`. */
export function addDays(date: string, days: number): string {
  const { y, m, d } = parseDate(date);
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/** Today's date (YYYY-MM-DD) in `timeZone` at `now`. */
export function todayIn(timeZone: string, now: number = Date.now()): string {
  const n = localDateNumber(now, timeZone);
  return `${Math.floor(n / 10000)}-${String(Math.floor(n / 100) % 100).padStart(2, '0')}-${String(n % 100).padStart(2, '0')}`;
}
