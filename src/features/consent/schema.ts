/**
 * Consent to ads measurement (consent.ts): settings.json → consent, the policy and the privacy
 * choices panel's copy. One text serves both policies; the status lines say what is in force.
 * Part of the settings schema, which plain Node imports too: imports name their .ts files.
 */
import { z } from 'astro/zod';
import { ownerOnly, text } from '../../lib/schema-primitives.ts';
import { CONSENT_POLICIES } from './consent.ts';

const CONSENT_TEXT_MAX = 70;

export const consentCopySchema = z.object({
  policy: ownerOnly(
    z.enum(CONSENT_POLICIES, {
      error: "must be 'opt-in' (nothing goes to Meta until the visitor agrees) or 'opt-out' (on until the visitor declines)",
    }),
  ),
  title: text,
  // The panel stays within two lines on a phone, so the page under it stays usable; the details
  // belong in the privacy policy, which the panel links.
  text: text.max(CONSENT_TEXT_MAX, {
    message: `must be at most ${CONSENT_TEXT_MAX} characters: the panel keeps to two lines on a phone; put the details in the privacy policy`,
  }),
  policyLink: text.max(24, { message: 'must be at most 24 characters (a short link name such as "Privacy policy")' }),
  accept: text,
  decline: text,
  close: text,
  statusGranted: text,
  statusDenied: text,
  statusGpc: text,
  footerLink: text,
  /** Shown in the footer with the `opt-out` policy (the US state privacy laws' link). */
  doNotSellLink: text,
});
export type ConsentCopy = z.infer<typeof consentCopySchema>;
