/** The conversions the site records, by the names Meta and Google Ads know them by. Runtime-free. */
export const EVENT_NAMES = ['Lead', 'Schedule', 'CompleteRegistration', 'Contact'] as const;
export type EventName = (typeof EVENT_NAMES)[number];
