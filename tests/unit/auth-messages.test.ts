import { describe, expect, it } from 'vitest';
import authCopy from '../../src/content/pages/auth.json';
import { resendOutcome, signInOutcome, signUpOutcome } from '../../src/features/auth/auth-messages';

const m = authCopy.messages;

describe('sign-in messages', () => {
  it('maps invalid_credentials and email_not_confirmed by code, else shows the backend text', () => {
    expect(signInOutcome({ error: { code: 'invalid_credentials', message: 'anything' }, hasSession: false }, m)).toEqual({
      notice: { tone: 'error', text: 'Invalid email or password. Please try again.' },
      offerResend: false,
      signedIn: false,
    });
    expect(signInOutcome({ error: { code: 'email_not_confirmed', message: 'x' }, hasSession: false }, m)).toEqual({
      notice: { tone: 'error', text: 'Please confirm your email address before signing in.' },
      offerResend: true,
      signedIn: false,
    });
    expect(signInOutcome({ error: { message: 'Invalid login credentials' }, hasSession: false }, m).notice?.text).toBe(m.invalidCredentials);
    expect(signInOutcome({ error: { code: 'user_banned', message: 'User is banned' }, hasSession: false }, m).notice?.text).toBe('User is banned');
    expect(signInOutcome({ error: null, hasSession: true }, m)).toEqual({ notice: null, offerResend: false, signedIn: true });
  });
});

describe('sign-up messages', () => {
  it('success asks to confirm and offers the resend', () => {
    expect(signUpOutcome({ error: null, hasSession: false, identities: [{}] }, m)).toEqual({
      notice: { tone: 'success', text: 'Please check your email for a confirmation link to complete your registration.' },
      offerResend: true,
      signedIn: false,
    });
  });
  it('an existing account: by code, by text, and by the obfuscated user with no identities', () => {
    const exists = 'An account with this email already exists. Please sign in instead.';
    expect(signUpOutcome({ error: { code: 'user_already_exists', message: 'x' }, hasSession: false, identities: undefined }, m).notice?.text).toBe(exists);
    expect(signUpOutcome({ error: { message: 'User already registered' }, hasSession: false, identities: undefined }, m).notice?.text).toBe(exists);
    expect(signUpOutcome({ error: null, hasSession: false, identities: [] }, m)).toMatchObject({ notice: { tone: 'error', text: exists }, offerResend: false });
  });
  it('autoconfirm signs in; other errors show as is', () => {
    expect(signUpOutcome({ error: null, hasSession: true, identities: [{}] }, m).signedIn).toBe(true);
    expect(
      signUpOutcome({ error: { code: 'weak_password', message: 'Password should be at least 6 characters.' }, hasSession: false, identities: undefined }, m).notice?.text,
    ).toBe('Password should be at least 6 characters.');
  });
});

describe('resend messages', () => {
  it('maps the frequency limit, shows others as is, and confirms success', () => {
    expect(resendOutcome({ code: 'over_email_send_rate_limit', message: 'For security purposes, you can only request this after 42 seconds.' }, m)).toEqual({
      tone: 'error',
      text: 'Please wait a moment before requesting another confirmation email.',
    });
    expect(resendOutcome({ message: 'For security purposes, you can only request this after 3 seconds.' }, m).text).toBe(m.resendTooSoon);
    expect(resendOutcome({ code: 'validation_failed', message: 'Type provided requires an email address' }, m).text).toBe('Type provided requires an email address');
    expect(resendOutcome(null, m)).toEqual({ tone: 'success', text: 'Confirmation email resent! Please check your inbox.' });
  });
});
