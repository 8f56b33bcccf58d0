/**
 * The calendar debugger's rules (docs/product.md §3, §4, §7): its three steps, the request body of each, and
 * how a response or an error is read (summary, hints). The island runs the steps.
 */
import { LOCAL_FAKE_UPSTREAM, UPSTREAM_HEADER } from '../../../../supabase/functions/_shared/ghl-upstream.ts';
import { dayBounds } from './day-bounds';

export const DEBUG_STEPS = ['list', 'details', 'slots'] as const;
export type DebugStepId = (typeof DEBUG_STEPS)[number];
export type StepStatus = 'pending' | 'running' | 'success' | 'error';

export const STEP_FUNCTIONS: Record<DebugStepId, string> = {
  list: 'ghl-list-calendars',
  details: 'ghl-calendar-details',
  slots: 'ghl-calendar-availability',
};

export const API_VERSIONS = ['2021-04-15', '2021-07-28'] as const;
export const DEFAULT_API_VERSION = '2021-07-28';
export const PARAMETER_ENCODINGS = ['comma-separated', 'multiple-params'] as const;
export type ParameterEncoding = (typeof PARAMETER_ENCODINGS)[number];

/** Run All: list → details → slots with this pause between two steps. */
export const RUN_ALL_PAUSE_MS = 500;

export interface DebugConfig {
  calendarId: string;
  locationId: string;
  useLocationId: boolean;
  apiVersion: string;
  parameterEncoding: ParameterEncoding;
  date: string;
  timezone: string;
  userIds: readonly string[];
}

/** The body each function is invoked with. Throws with a clear message on a bad date or zone. */
export function stepBody(step: DebugStepId, config: DebugConfig): Record<string, unknown> {
  const location = config.useLocationId && config.locationId.trim() ? { locationId: config.locationId.trim() } : {};
  const calendarId = config.calendarId.trim();
  if (step === 'list') return { ...location, apiVersion: config.apiVersion };
  if (step === 'details') return { calendarId, ...location, apiVersion: config.apiVersion };
  const { startDate, endDate } = dayBounds(config.date, config.timezone);
  return {
    calendarId,
    startDate,
    endDate,
    timezone: config.timezone,
    apiVersion: config.apiVersion,
    parameterEncoding: config.parameterEncoding,
    ...location,
    ...(config.userIds.length ? { userIds: [...config.userIds] } : {}),
  };
}

export interface TeamMember {
  userId: string;
  name?: string;
}

export interface CalendarSummary {
  name: string | null;
  eventType: string | null;
  teamMembers: TeamMember[];
  isActive: boolean | null;
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The summary fields of a details response (`{ calendar: {...} }`), or null when there is no calendar. */
export function calendarSummary(data: unknown): CalendarSummary | null {
  const calendar = isObject(data) && isObject(data.calendar) ? data.calendar : null;
  if (!calendar) return null;
  const members = Array.isArray(calendar.teamMembers) ? calendar.teamMembers : [];
  return {
    name: typeof calendar.name === 'string' ? calendar.name : null,
    eventType: typeof calendar.eventType === 'string' ? calendar.eventType : null,
    teamMembers: members
      .filter((member): member is Record<string, unknown> => isObject(member) && typeof member.userId === 'string')
      .map((member) => ({ userId: member.userId as string, ...(typeof member.name === 'string' ? { name: member.name } : {}) })),
    isActive: typeof calendar.isActive === 'boolean' ? calendar.isActive : null,
  };
}

export type Hint = 'forbidden' | 'empty' | 'noSlots' | 'notConfigured' | 'noLocation';

/** Free slots by date: only keys that are dates (a `traceId` or similar is skipped). */
export function slotsByDate(data: unknown): Record<string, string[]> {
  const result: Record<string, string[]> = {};
  if (!isObject(data)) return result;
  for (const [key, value] of Object.entries(data)) {
    if (!/^\d{4}-\d{2}-\d{2}$/.test(key) || !isObject(value)) continue;
    result[key] = Array.isArray(value.slots) ? value.slots.filter((slot): slot is string => typeof slot === 'string') : [];
  }
  return result;
}

/** The hint a successful response deserves: nothing came back, or no free slot on the day. */
export function resultHint(step: DebugStepId, data: unknown): Hint | null {
  if (step === 'list') {
    const calendars = isObject(data) ? data.calendars : undefined;
    return Array.isArray(calendars) && calendars.length === 0 ? 'empty' : null;
  }
  if (step === 'details') return calendarSummary(data) ? null : 'empty';
  const dates = slotsByDate(data);
  const days = Object.values(dates);
  if (days.length === 0) return 'empty';
  return days.every((slots) => slots.length === 0) ? 'noSlots' : null;
}

/**
 * The settings a function answered it lacks: a 503 whose body lists them in `missing`
 * (supabase/functions/_shared/ghl.ts). Empty for any other answer.
 */
export function missingSettingsOf(status: number | null, body: unknown): string[] {
  if (status !== 503 || !isObject(body) || !Array.isArray(body.missing)) return [];
  return body.missing.filter((name): name is string => typeof name === 'string' && /^[A-Z][A-Z0-9_]*$/.test(name));
}

/** The hint for a failed call: 403 means the token lacks access to the location; a 503 naming settings, that the server lacks them. */
export function errorHint(status: number | null, body: unknown = null): Hint | null {
  if (status === 403) return 'forbidden';
  return missingSettingsOf(status, body).length > 0 ? 'notConfigured' : null;
}

/** Whether a function's answer came from the local fake GoHighLevel (its `x-ghl-upstream` header). */
export function fromLocalFake(response: Pick<Response, 'headers'> | undefined | null): boolean {
  return response?.headers.get(UPSTREAM_HEADER) === LOCAL_FAKE_UPSTREAM;
}

/**
 * What the server told of the location it uses when a request names none (a GET of
 * ghl-list-calendars: its GHL_LOCATION_ID, or null), and whether it answered from the local fake
 * GoHighLevel. Not known when it gave no such answer (an older function, no connection).
 */
export type ServerLocation = { known: false } | { known: true; locationId: string | null; localFake: boolean };

export function serverLocationOf(data: unknown, response: Pick<Response, 'headers'> | undefined | null): ServerLocation {
  if (!isObject(data) || !('locationId' in data)) return { known: false };
  const { locationId } = data;
  if (locationId !== null && (typeof locationId !== 'string' || !locationId)) return { known: false };
  return { known: true, locationId, localFake: fromLocalFake(response) };
}

type LocationField = Pick<DebugConfig, 'locationId' | 'useLocationId'>;

/**
 * The config with the server's location in the field: only while the field is empty and the admin
 * is not in it. An answer arriving between a tap into the field and the first key would put the
 * caret after the server's location, and what they type would be added to it.
 */
export function withServerLocation<T extends LocationField>(config: T, locationId: string | null, adminInField: boolean): T {
  return !locationId || adminInField || config.locationId.trim() ? config : { ...config, locationId };
}

/** List Calendars would go without a location, and the server has none to use: said before running, and instead of calling. */
export function locationMissing(config: LocationField, server: ServerLocation): boolean {
  return server.known && server.locationId === null && !(config.useLocationId && config.locationId.trim());
}

/** Where the field's location came from while it is the server's (on the local fake or not); null once changed. */
export function locationSource(config: LocationField, server: ServerLocation): 'server' | 'localFake' | null {
  if (!server.known || !server.locationId || !config.useLocationId || config.locationId.trim() !== server.locationId) return null;
  return server.localFake ? 'localFake' : 'server';
}

/** The message of an error body from a function or from GoHighLevel (`error`, `message` or a list). */
export function errorMessageOf(body: unknown, fallback: string): string {
  if (isObject(body)) {
    const value = body.error ?? body.message;
    if (typeof value === 'string' && value) return value;
    if (Array.isArray(body.message)) return body.message.filter((m) => typeof m === 'string').join('; ') || fallback;
  }
  if (typeof body === 'string' && body.trim()) return body.trim();
  return fallback;
}

/** Team members to pre-select: all from the details response, unless some are selected already. */
export function preselectUserIds(selected: readonly string[], summary: CalendarSummary | null): string[] {
  if (selected.length > 0 || !summary) return [...selected];
  return summary.teamMembers.map((member) => member.userId);
}
