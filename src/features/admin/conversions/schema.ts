/**
 * The copy of the admin's Conversions tab (src/content/pages/admin.json → conversions), part of
 * the admin page's schema in content-schemas.ts. `{token}` placeholders are filled by the tab.
 */
import { z } from 'astro/zod';

const text = z.string().trim().min(1, 'must not be empty');
const withTokens = (...tokens: string[]) => tokens.reduce((schema, token) => schema.includes(`{${token}}`, { message: `must contain {${token}}` }), text);

export const conversionsCopySchema = z.object({
  heading: text,
  lead: text,
  periodLabel: text,
  period: withTokens('days'),
  range: withTokens('from', 'to'),
  loading: text,
  loadFailed: withTokens('reason'),
  reasons: z.object({ missing: text, network: text }),
  tryAgain: text,
  types: z.object({ lead_form: text, call_scheduling: text, resource_registration: text, contact: text }),
  /** A row recorded without a conversion type, named by its event name. */
  otherType: withTokens('name'),
  total: text,
  totalsLabel: text,
  empty: z.object({ title: text, text }),
  chart: z.object({
    heading: text,
    summary: withTokens('from', 'to', 'total', 'day', 'count'),
    legendLabel: text,
    scale: withTokens('max'),
    tableToggle: text,
    caption: text,
    day: text,
    total: text,
    scrollLabel: text,
  }),
  campaigns: z.object({ heading: text, lead: text, caption: text, source: text, campaign: text, total: text, none: text, scrollLabel: text }),
  health: z.object({
    heading: text,
    lead: text,
    states: z.object({ delivered: text, pending: text, failed: text, expired: text, not_configured: text, not_consented: text }),
    lastDelivered: withTokens('date'),
    neverDelivered: text,
    problemHeading: text,
    noProblem: text,
    problemMeta: withTokens('code', 'date'),
    problemMetaNoCode: withTokens('date'),
    metaSaid: text,
    whatToDo: text,
    paused: text,
    resolved: text,
    retry: text,
    retrying: text,
    retryHint: text,
    retried: withTokens('count'),
    retriedOne: text,
    retriedNone: text,
    retryFailed: withTokens('reason'),
  }),
  version: z.object({
    current: withTokens('version', 'date'),
    currentNoDate: withTokens('version'),
    expiring: withTokens('version', 'date', 'days', 'latest'),
    expired: withTokens('version', 'date', 'latest'),
    unknown: withTokens('version'),
    notReported: text,
    days: withTokens('count'),
    day: text,
  }),
  test: z.object({
    heading: text,
    lead: text,
    checking: text,
    notConfigured: withTokens('settings'),
    localGraph: text,
    absent: text,
    unreachable: text,
    forbidden: text,
    codeLabel: text,
    codeHint: text,
    codeHintServer: text,
    codeRequired: text,
    send: text,
    sending: text,
    accepted: withTokens('count', 'code'),
    refused: text,
    failed: withTokens('reason'),
    trace: withTokens('id'),
    /** Stands for the code in `accepted` when the server used its own. */
    serverCode: text,
  }),
  export: z.object({ button: text, preparing: text, hint: text, done: withTokens('count', 'file'), failed: withTokens('reason') }),
});
export type ConversionsCopy = z.infer<typeof conversionsCopySchema>;
