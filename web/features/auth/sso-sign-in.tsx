import { Alert, Button } from '@mantine/core';
import { KeyRound, TriangleAlert } from 'lucide-react';
import { SSO_TEXTS, ssoErrorText } from '../../../common/domain/sso-texts';
import { oidcStartHref } from './api/auth-providers';

interface SsoErrorProps {
  /** The `sso_error` query parameter the callback redirected with. */
  reason: string | null;
}

/** Why the last single sign-on failed, in words (the callback redirects to /login?sso_error=<reason>). */
export function SsoError({ reason }: SsoErrorProps) {
  const text = ssoErrorText(reason);
  if (!text) return null;
  return (
    <Alert
      color="red"
      variant="outline"
      role="alert"
      title="Single sign-on failed"
      icon={<TriangleAlert size={18} aria-hidden />}
    >
      {text}
    </Alert>
  );
}

interface SsoButtonProps {
  providerName: string;
  returnTo: string | null;
  /** "Keep me signed in on this device" (decision 033). */
  remember: boolean;
  /** The main way in (OIDC-only mode) or one of several. */
  primary: boolean;
}

/** "Sign in with <provider>": a plain link, because the browser must leave for the provider's own page. */
export function SsoButton({ providerName, returnTo, remember, primary }: SsoButtonProps) {
  return (
    <Button
      component="a"
      href={oidcStartHref(returnTo, remember)}
      fullWidth
      variant={primary ? 'filled' : 'default'}
      leftSection={<KeyRound size={16} aria-hidden />}
    >
      {SSO_TEXTS.signInWith(providerName)}
    </Button>
  );
}
