/**
 * The guides' opt-in: which lead platform its dialog embeds, and the e-mail way to ask for a guide
 * (not in src/lib/resources.ts: the page script imports that file, and a module shared with an
 * island becomes a chunk the page fetches before its first paint).
 *
 * The lead platform: in production and `npm run preview`, the real one (`settings.json` → embeds).
 * Under `npm run dev`, a local test form the dev server serves under LOCAL_LEAD_FORM_BASE
 * (src/integrations/local-lead-form/), so the whole lead path, from a guide to /thank-you/resource,
 * can be tried without accounts and without sending a real lead.
 */
import type { Settings } from '../../lib/settings-schema';

export type LeadFormEmbeds = Pick<Settings['embeds'], 'leadFormHost' | 'formEmbedScript'>;

/** Where the dev server serves the local stand-in of the lead platform (its host, as far as the dialog knows). */
export const LOCAL_LEAD_FORM_BASE = '/_dev/lead-form';
/** The stand-in's form_embed.js, under that base. */
export const LOCAL_FORM_EMBED_SCRIPT = `${LOCAL_LEAD_FORM_BASE}/form_embed.js`;
/** Where a completed opt-in goes, as the real form is set up to redirect. */
export const RESOURCE_THANK_YOU_PATH = '/thank-you/resource';

// Defined by the local-lead-form integration for `astro dev` only: a build never has it.
declare const __LOCAL_LEAD_FORM__: boolean | undefined;

/** True under `npm run dev` (the integration defines the flag), false in every build. */
export function localLeadFormOn(): boolean {
  return import.meta.env.DEV && typeof __LOCAL_LEAD_FORM__ === 'boolean' && __LOCAL_LEAD_FORM__;
}

export function leadFormEmbeds(embeds: LeadFormEmbeds, local = localLeadFormOn()): LeadFormEmbeds {
  if (local) return { leadFormHost: LOCAL_LEAD_FORM_BASE, formEmbedScript: LOCAL_FORM_EMBED_SCRIPT };
  return { leadFormHost: embeds.leadFormHost, formEmbedScript: embeds.formEmbedScript };
}

/**
 * The e-mail way to ask for a guide: the "Get it free" button's link without JavaScript, and the
 * opt-in dialog's fallback when the form cannot load. Subject: "<cta>: <title>".
 */
export function resourceRequestHref(contactEmail: string, cta: string, title: string): string {
  return `mailto:${contactEmail}?subject=${encodeURIComponent(`${cta}: ${title}`)}`;
}
