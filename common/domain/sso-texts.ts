// Texts of single sign-on (decision 022): the login page's button and errors, and the 403s of OIDC-only mode.
// Each text exists once; the server, the web and the tests import it.

/** Why a sign-in with the provider failed; the callback redirects to /login?sso_error=<reason>. */
export const SSO_ERROR_REASONS = [
  'state',
  'denied',
  'failed',
  'email_unverified',
  'email_missing',
  'domain',
  'disabled',
  'misconfigured',
  'unavailable',
] as const;
export type SsoErrorReason = (typeof SSO_ERROR_REASONS)[number];

export const SSO_ERROR_TEXTS: Record<SsoErrorReason, string> = {
  state: 'The sign-in took too long or was started in another browser. Please try again.',
  denied: 'The sign-in was cancelled at your identity provider.',
  failed: 'Your identity provider could not confirm the sign-in. Please try again.',
  email_unverified: 'Your identity provider has not verified your e-mail address, so we cannot sign you in.',
  email_missing: 'Your identity provider did not share your e-mail address, so we cannot sign you in.',
  domain: 'Accounts with this e-mail domain may not sign in here.',
  disabled: 'Your account has been disabled.',
  misconfigured: 'Single sign-on is not set up correctly here. Please tell your administrator.',
  unavailable: 'Your identity provider cannot be reached right now. Please try again later.',
};

export const SSO_TEXTS = {
  signInWith: (provider: string) => `Sign in with ${provider}`,
  unknownError: 'Single sign-on failed. Please try again.',
  completing: 'Signing you in...',
  handoffInvalid: 'This sign-in link is invalid or has already been used. Please sign in again.',
  handoffExpired: 'This sign-in link has expired. Please sign in again.',
  backToLogin: 'Back to sign in',
  oidcOnlyLogin: 'Password sign-in is turned off here. Please sign in with your organisation account.',
  oidcOnlyRegister: 'Sign-up is turned off here. Please sign in with your organisation account.',
  oidcOnlyMagicLink:
    'Sign-in by e-mail link is turned off here. Please sign in with your organisation account.',
  notConfigured: 'Single sign-on is not configured.',
  adminSignIn: 'Administrator sign-in',
  or: 'or',
} as const;

/** The login page's error for a reason in the query (unknown reasons get a general text). */
export function ssoErrorText(reason: string | null): string | null {
  if (!reason) return null;
  return (SSO_ERROR_REASONS as readonly string[]).includes(reason)
    ? SSO_ERROR_TEXTS[reason as SsoErrorReason]
    : SSO_TEXTS.unknownError;
}
