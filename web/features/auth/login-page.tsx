import { useState } from 'react';
import { Anchor, SegmentedControl, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { usePageTitle } from '../../lib/use-page-title';
import { AuthCard } from './auth-card';
import { MagicLinkForm } from './magic-link-form';
import { PasswordLoginForm } from './password-login-form';

type LoginMode = 'password' | 'magic-link';

const MODES = [
  { value: 'password', label: 'Password' },
  { value: 'magic-link', label: 'Magic Link' },
];

/** Sign in by password or by e-mailed link (spec §2 Login screen, §4 Login mode). */
export function LoginPage() {
  usePageTitle('Sign in');
  const [mode, setMode] = useState<LoginMode>('password');
  // The address carries over between modes; everything else (including the 'sent' state) starts afresh.
  const [email, setEmail] = useState('');

  return (
    <AuthCard title="Sign in to OopsBoard" subtitle="Welcome back. Let's see how the streak is going.">
      <Stack gap="lg">
        <SegmentedControl
          fullWidth
          aria-label="Sign-in method"
          value={mode}
          onChange={(value) => setMode(value as LoginMode)}
          data={MODES}
        />
        {mode === 'password' ? (
          <PasswordLoginForm email={email} onEmailChange={setEmail} />
        ) : (
          <MagicLinkForm email={email} onEmailChange={setEmail} />
        )}
        <Text size="sm" ta="center">
          Don&apos;t have an account?{' '}
          <Anchor component={Link} to="/signup">
            Sign up
          </Anchor>
        </Text>
      </Stack>
    </AuthCard>
  );
}
