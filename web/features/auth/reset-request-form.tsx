import { useState, type FormEvent } from 'react';
import { Alert, Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { MailCheck } from 'lucide-react';
import { Link } from 'react-router';
import { requestResetBody } from '../../../common/contracts/recovery';
import { ACCOUNT_TEXTS } from '../../../common/domain/account-texts';
import { LIMITS } from '../../../common/domain/options';
import { SuccessAlert } from '../../components/success-alert';
import { toastError, toastSuccess } from '../../lib/toast';
import { ApiError } from '../../lib/transport';
import { useRequestPasswordReset } from './api/request-password-reset';
import { AuthCard } from './auth-card';

/** Request mode: e-mail required (docs/product.md §5); shows the server's answer, which is the same for every address. */
export function ResetRequestForm() {
  const requestReset = useRequestPasswordReset();
  const [email, setEmail] = useState('');
  const [emailError, setEmailError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [sent, setSent] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const parsed = requestResetBody.safeParse({ email });
    if (!parsed.success) {
      setEmailError(email.trim() ? (parsed.error.issues[0]?.message ?? null) : 'Email is required.');
      document.getElementById('reset-email')?.focus();
      return;
    }
    setEmailError(null);
    requestReset.mutate(parsed.data, {
      onSuccess: ({ message }) => {
        setSent(message);
        toastSuccess(message);
      },
      onError: (error) => {
        const reason =
          error instanceof ApiError && error.kind === 'network'
            ? ACCOUNT_TEXTS.networkErrorRetry
            : error instanceof ApiError && error.kind === 'http'
              ? error.message
              : null;
        toastError(ACCOUNT_TEXTS.resetRequestFailed);
        setFailure(reason);
      },
    });
  };

  return (
    <AuthCard
      title="Reset your password"
      subtitle="Enter the e-mail of your account and we'll send you a link to choose a new password."
    >
      {sent ? (
        <Stack gap="md">
          <SuccessAlert icon={<MailCheck size={18} aria-hidden />}>{sent}</SuccessAlert>
          <Text size="sm" c="dimmed">
            {ACCOUNT_TEXTS.magicLinkSpamHint}
          </Text>
          <Button component={Link} to="/login" variant="light">
            Back to sign in
          </Button>
        </Stack>
      ) : (
        <form onSubmit={submit} noValidate aria-label="Request a password reset link">
          <Stack gap="md">
            {requestReset.isError && (
              <Alert color="red" variant="outline" role="alert" title={ACCOUNT_TEXTS.resetRequestFailed}>
                {failure}
              </Alert>
            )}
            <TextInput
              id="reset-email"
              label="Email"
              type="email"
              autoComplete="email"
              required
              maxLength={LIMITS.emailMax}
              value={email}
              onChange={(event) => setEmail(event.currentTarget.value)}
              error={emailError}
              disabled={requestReset.isPending}
            />
            <Button type="submit" fullWidth disabled={requestReset.isPending}>
              {requestReset.isPending ? 'Sending...' : 'Send Reset Link'}
            </Button>
            <Text size="sm" ta="center">
              Remembered it?{' '}
              <Anchor component={Link} to="/login">
                Sign in
              </Anchor>
            </Text>
          </Stack>
        </form>
      )}
    </AuthCard>
  );
}
