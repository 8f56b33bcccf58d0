/** The /auth page's copy (pages/auth.json), with the error catalogue the form shows. */
import { z } from 'astro/zod';
import { seo, text } from '~/lib/schema-primitives';

/** The error catalogue's texts (docs/product.md §8), chosen by backend error codes in auth-messages.ts. */
export const authMessagesSchema = z.object({
  invalidCredentials: text,
  emailNotConfirmed: text,
  userExists: text,
  signUpSuccess: text,
  resendTooSoon: text,
  resendSuccess: text,
  resendFailed: text,
  unexpected: text,
});
export type AuthMessages = z.infer<typeof authMessagesSchema>;

export const authPageSchema = z.object({
  seo,
  signIn: z.object({ title: text, description: text, submit: text }),
  signUp: z.object({ title: text, description: text, submit: text }),
  form: z.object({
    emailLabel: text,
    emailPlaceholder: text,
    passwordLabel: text,
    passwordPlaceholder: text,
    showPassword: text,
    hidePassword: text,
    busy: text,
    resend: text,
    resendBusy: text,
    toSignUp: text,
    toSignIn: text,
  }),
  messages: authMessagesSchema,
  backHome: text,
});
/** The /auth form's copy: the page's copy without its SEO fields. */
export type AuthFormCopy = Omit<z.infer<typeof authPageSchema>, 'seo'>;
