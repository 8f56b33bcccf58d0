/**
 * When an undelivered conversion is tried again. Pure.
 * - During its first hour: at least once a minute (20 s, 40 s, then every 60 s).
 * - After that: every 15 minutes.
 * - Meta refuses events older than 7 days: from then on it is expired, never sent.
 * Each wait gets up to 20 % of jitter, so a backlog does not come due in one instant.
 */
import { MAX_EVENT_AGE_S } from './conversion-event.ts';

const MINUTE = 60_000;
export const FIRST_HOUR_MS = 60 * MINUTE;
export const MAX_WAIT_MS = 15 * MINUTE;

/** Milliseconds to wait after attempt `attempts` (1 = the first) failed, `ageMs` after the event. */
export function retryWaitMs(attempts: number, ageMs: number, random: number): number {
  const n = Math.max(1, attempts);
  const base = ageMs < FIRST_HOUR_MS ? Math.min(MINUTE, 20_000 * 2 ** (n - 1)) : MAX_WAIT_MS;
  return Math.round(base * (1 - 0.2 * Math.min(Math.max(random, 0), 1)));
}

/** Whether Meta still takes an event of this time (seconds). */
export const stillSendable = (eventTimeS: number, nowMs: number): boolean => nowMs / 1000 - eventTimeS < MAX_EVENT_AGE_S;
