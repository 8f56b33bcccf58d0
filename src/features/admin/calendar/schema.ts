/** The calendar debugger's copy (admin.json → debugger): GoHighLevel's calendar calls, step by step. */
import { z } from 'astro/zod';
import { text, withTokens } from '~/lib/schema-primitives';

export const calendarDebuggerCopySchema = z.object({
  heading: text,
  lead: text,
  configHeading: text,
  calendarId: text,
  locationId: text,
  useLocationId: text,
  /** Under the Location ID while it holds the server's GHL_LOCATION_ID (on the local fake GoHighLevel or not). */
  locationSource: z.object({ server: text, localFake: text }),
  /** Under the Location ID, before running, when the list would go without one and the server has none. */
  locationMissing: text,
  apiVersion: text,
  encoding: text,
  encodings: z.object({ 'comma-separated': text, 'multiple-params': text }),
  date: text,
  presetsLabel: text,
  presets: z.object({ today: text, tomorrow: text, in2: text, week: text }),
  timezone: text,
  /** The time zones the debugger offers, in order: the zone's IANA name and how the coach reads it. */
  timezones: z.array(z.object({ zone: text, label: text })).min(1, 'needs at least one timezone'),
  browserTimezone: withTokens('zone'),
  teamMembers: text,
  teamMembersHint: text,
  teamMembersEmpty: text,
  stepsHeading: text,
  steps: z.object({
    list: z.object({ name: text, description: text }),
    details: z.object({ name: text, description: text }),
    slots: z.object({ name: text, description: text }),
  }),
  status: z.object({ pending: text, running: text, success: text, error: text }),
  runStep: text,
  runStepLabel: withTokens('step'),
  runAll: text,
  reset: text,
  resultsHeading: text,
  noResults: text,
  summaryHeading: text,
  summaryEmpty: text,
  summary: z.object({ name: text, eventType: text, teamMembers: text, active: text, yes: text, no: text, unknown: text, none: text }),
  successTitle: text,
  successText: withTokens('step'),
  errorTitle: text,
  /** A 503 naming the settings the server lacks, in plain words; {settings} lists them. */
  notConfigured: withTokens('settings'),
  /** The label shown while the functions answer from the local fake GoHighLevel. */
  localFake: text,
  hints: z.object({ forbidden: text, empty: text, noSlots: text, notConfigured: text, noLocation: text }),
});
export type CalendarDebuggerCopy = z.infer<typeof calendarDebuggerCopySchema>;
