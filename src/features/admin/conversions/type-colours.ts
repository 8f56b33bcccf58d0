/** The colour of each conversion type in the chart and its legend (tokens of tailwind.config.mjs). */
const FILLS: Record<string, string> = {
  lead_form: 'fill-brand-deep',
  call_scheduling: 'fill-coral',
  resource_registration: 'fill-brand',
  contact: 'fill-ink-muted',
};
const SWATCHES: Record<string, string> = {
  lead_form: 'bg-brand-deep',
  call_scheduling: 'bg-coral',
  resource_registration: 'bg-brand',
  contact: 'bg-ink-muted',
};

/** A row without a conversion type (named by its event name) is drawn in ink. */
export const fillOf = (type: string) => FILLS[type] ?? 'fill-ink';
export const swatchOf = (type: string) => SWATCHES[type] ?? 'bg-ink';
