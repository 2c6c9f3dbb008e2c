import { useState } from 'react';
import {
  Alert,
  Anchor,
  Collapse,
  Divider,
  SegmentedControl,
  Stack,
  Text,
  UnstyledButton,
} from '@mantine/core';
import { Clock } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import { safeReturnTo } from '../../../common/domain/return-to';
import { SESSION_TEXTS } from '../../../common/domain/session-texts';
import { EXPIRED_PARAM, RETURN_TO_PARAM } from '../../lib/session/return-to';
import { RememberCheckbox } from './remember-checkbox';
import { SSO_TEXTS } from '../../../common/domain/sso-texts';
import { usePageTitle } from '../../lib/use-page-title';
import { useAuthProviders } from './api/auth-providers';
import { AuthCard } from './auth-card';
import { MagicLinkForm } from './magic-link-form';
import { PasswordLoginForm } from './password-login-form';
import { SsoButton, SsoError } from './sso-sign-in';

type LoginMode = 'password' | 'magic-link';

const MODES = [
  { value: 'password', label: 'Password' },
  { value: 'magic-link', label: 'Magic Link' },
];

interface SignInChoices {
  /** Where signing in returns to (a safe path, or null for the dashboard). */
  returnTo: string | null;
  /** "Keep me signed in on this device" (decision 033); one choice for every way in on this page. */
  remember: boolean;
  onRememberChange: (remember: boolean) => void;
}

function PasswordAndLinkForms(choices: SignInChoices) {
  const [mode, setMode] = useState<LoginMode>('password');
  // The address carries over between modes; everything else (including the 'sent' state) starts afresh.
  const [email, setEmail] = useState('');
  return (
    <Stack gap="lg">
      <SegmentedControl
        fullWidth
        aria-label="Sign-in method"
        value={mode}
        onChange={(value) => setMode(value as LoginMode)}
        data={MODES}
      />
      {mode === 'password' ? (
        <PasswordLoginForm email={email} onEmailChange={setEmail} {...choices} />
      ) : (
        <MagicLinkForm email={email} onEmailChange={setEmail} {...choices} />
      )}
    </Stack>
  );
}

/**
 * Sign in by password or by e-mailed link (docs/product.md §2 Login screen, §4 Login mode), and with the organisation's
 * identity provider when single sign-on is configured (decision 022). In OIDC-only mode the password and link forms
 * are folded away under "Administrator sign-in": only super admins may use them.
 */
export function LoginPage() {
  usePageTitle('Sign in');
  const [params] = useSearchParams();
  const providers = useAuthProviders();
  const [adminOpen, setAdminOpen] = useState(false);
  const oidc = providers.data?.oidc ?? null;
  const oidcOnly = Boolean(oidc && providers.data?.oidcOnly);
  const returnTo = safeReturnTo(params.get(RETURN_TO_PARAM));
  const [remember, setRemember] = useState(false);
  const choices: SignInChoices = { returnTo, remember, onRememberChange: setRemember };

  return (
    <AuthCard title="Sign in to OopsBoard" subtitle="Welcome back. Let's see how the streak is going.">
      <Stack gap="lg">
        {params.get(EXPIRED_PARAM) === '1' && (
          <Alert color="yellow" variant="outline" role="status" icon={<Clock size={18} aria-hidden />}>
            {SESSION_TEXTS.expired}
          </Alert>
        )}
        <SsoError reason={params.get('sso_error')} />
        {oidc && (
          <SsoButton providerName={oidc.name} returnTo={returnTo} remember={remember} primary={oidcOnly} />
        )}
        {oidcOnly && <RememberCheckbox checked={remember} onChange={setRemember} />}
        {oidc && !oidcOnly && <Divider label={SSO_TEXTS.or} labelPosition="center" />}
        {oidcOnly ? (
          <Stack gap="sm">
            <UnstyledButton
              onClick={() => setAdminOpen((open) => !open)}
              aria-expanded={adminOpen}
              aria-controls="admin-sign-in"
              ta="center"
            >
              <Text size="sm" c="dimmed" td="underline">
                {SSO_TEXTS.adminSignIn}
              </Text>
            </UnstyledButton>
            <Collapse expanded={adminOpen} id="admin-sign-in">
              {adminOpen && <PasswordAndLinkForms {...choices} />}
            </Collapse>
          </Stack>
        ) : (
          <PasswordAndLinkForms {...choices} />
        )}
        {!oidcOnly && (
          <Text size="sm" ta="center">
            Don&apos;t have an account?{' '}
            <Anchor component={Link} to="/signup">
              Sign up
            </Anchor>
          </Text>
        )}
      </Stack>
    </AuthCard>
  );
}
