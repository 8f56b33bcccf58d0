/**
 * Maps auth results to the error catalogue (docs/product.md §8) by the backend's error *codes*, with the
 * catalogue's texts as a fallback for backends that send no code. Texts come from content.
 */
import type { AuthMessages } from '~/features/auth/schema';

export interface AuthErrorLike {
  message: string;
  code?: string | undefined;
  status?: number | undefined;
}

export type Notice = { tone: 'error' | 'success'; text: string };

/** What the form shows after a step, and whether the resend button becomes available. */
export interface Outcome {
  notice: Notice | null;
  offerResend: boolean;
  signedIn: boolean;
}

const error = (text: string, offerResend = false): Outcome => ({ notice: { tone: 'error', text }, offerResend, signedIn: false });

export function signInOutcome(result: { error: AuthErrorLike | null; hasSession: boolean }, messages: AuthMessages): Outcome {
  const failure = result.error;
  if (!failure) return { notice: null, offerResend: false, signedIn: result.hasSession };
  if (failure.code === 'invalid_credentials' || failure.message === 'Invalid login credentials') return error(messages.invalidCredentials);
  if (failure.code === 'email_not_confirmed' || failure.message === 'Email not confirmed') return error(messages.emailNotConfirmed, true);
  return error(failure.message);
}

export function signUpOutcome(result: { error: AuthErrorLike | null; hasSession: boolean; identities: readonly unknown[] | undefined }, messages: AuthMessages): Outcome {
  const failure = result.error;
  if (failure) {
    if (failure.code === 'user_already_exists' || failure.message === 'User already registered') return error(messages.userExists);
    return error(failure.message);
  }
  if (result.hasSession) return { notice: null, offerResend: false, signedIn: true };
  // With confirmations on, an already confirmed address gets an obfuscated user with no identities.
  if (result.identities && result.identities.length === 0) return error(messages.userExists);
  return { notice: { tone: 'success', text: messages.signUpSuccess }, offerResend: true, signedIn: false };
}

export function resendOutcome(failure: AuthErrorLike | null, messages: AuthMessages): Notice {
  if (!failure) return { tone: 'success', text: messages.resendSuccess };
  if (failure.code === 'over_email_send_rate_limit' || failure.message.includes('For security purposes')) {
    return { tone: 'error', text: messages.resendTooSoon };
  }
  return { tone: 'error', text: failure.message };
}
