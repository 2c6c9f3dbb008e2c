import { useEffect, useState, type FormEvent } from 'react';
import { Alert, Anchor, Button, PasswordInput, Stack, Text } from '@mantine/core';
import { Link, useNavigate } from 'react-router';
import { RECOVERY_MESSAGES } from '../../../common/contracts/recovery';
import { ACCOUNT_TEXTS } from '../../../common/domain/account-texts';
import { MESSAGES } from '../../../common/domain/messages';
import { LIMITS, TIMINGS } from '../../../common/domain/options';
import { resetPasswordError } from '../../../common/domain/password';
import { PageLoader } from '../../components/page-loader';
import { PasswordStrength } from '../../components/password-strength';
import { SuccessAlert } from '../../components/success-alert';
import { toastError, toastSuccess } from '../../lib/toast';
import { ApiError } from '../../lib/transport';
import { useResetTokenCheck } from './api/check-reset-token';
import { useResetPassword } from './api/reset-password';
import { AuthCard } from './auth-card';

type Errors = Partial<Record<'password' | 'confirm', string>>;

/** What went wrong, in the user's terms: the server's reason, or 'Network error. Please try again.' */
function reasonOf(error: unknown): string {
  if (error instanceof ApiError && error.kind === 'http') return error.message;
  return ACCOUNT_TEXTS.networkErrorRetry;
}

/** Reset mode (docs/product.md §2, §5): the token is checked first; all 5 rules must pass; success → /login after 2 s. */
export function ResetPasswordForm({ token }: { token: string }) {
  const navigate = useNavigate();
  const check = useResetTokenCheck(token);
  const reset = useResetPassword();
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [done, setDone] = useState<string | null>(null);
  const busy = reset.isPending || done !== null;

  useEffect(() => {
    if (done === null) return;
    const timer = setTimeout(() => void navigate('/login'), TIMINGS.resetRedirectMs);
    return () => clearTimeout(timer);
  }, [done, navigate]);

  if (check.isPending) {
    return (
      <AuthCard title="Reset your password">
        <PageLoader label="Checking your reset link" />
      </AuthCard>
    );
  }
  if (check.isError) {
    const invalid =
      check.error instanceof ApiError && check.error.kind === 'http' && check.error.status < 500;
    return (
      <AuthCard title="Reset your password">
        <Stack gap="md">
          <Alert color="red" variant="outline" role="alert">
            {invalid ? RECOVERY_MESSAGES.resetInvalid : reasonOf(check.error)}
          </Alert>
          <Text size="sm">Reset links last one hour and work once.</Text>
          <Button component={Link} to="/password-reset" variant="light">
            Request a new link
          </Button>
        </Stack>
      </AuthCard>
    );
  }

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found: Errors = {
      password: resetPasswordError(password) ?? undefined,
      confirm: confirm !== password ? MESSAGES.passwordsMismatch : undefined,
    };
    setErrors(found);
    if (found.password || found.confirm) {
      document.getElementById(found.password ? 'reset-password' : 'reset-confirm')?.focus();
      return;
    }
    reset.mutate(
      { token, password },
      {
        onSuccess: ({ message }) => {
          setDone(message);
          toastSuccess(message);
        },
        onError: () => toastError(ACCOUNT_TEXTS.resetFailed),
      },
    );
  };

  return (
    <AuthCard title="Choose a new password" subtitle={<>For {check.data.email}</>}>
      <form onSubmit={submit} noValidate aria-label="Choose a new password">
        <Stack gap="md">
          {reset.isError && (
            <Alert color="red" variant="outline" role="alert" title={ACCOUNT_TEXTS.resetFailed}>
              {reasonOf(reset.error)}
            </Alert>
          )}
          {done && <SuccessAlert>{done} Redirecting to sign in...</SuccessAlert>}
          <Stack gap="xs">
            <PasswordInput
              id="reset-password"
              label="New Password"
              autoComplete="new-password"
              required
              maxLength={LIMITS.passwordMax}
              value={password}
              onChange={(event) => setPassword(event.currentTarget.value)}
              error={errors.password}
              disabled={busy}
            />
            <PasswordStrength password={password} id="reset-password-strength" />
          </Stack>
          <PasswordInput
            id="reset-confirm"
            label="Confirm New Password"
            autoComplete="new-password"
            required
            maxLength={LIMITS.passwordMax}
            value={confirm}
            onChange={(event) => setConfirm(event.currentTarget.value)}
            error={errors.confirm}
            disabled={busy}
          />
          <Button type="submit" fullWidth disabled={busy}>
            {reset.isPending ? 'Resetting...' : 'Reset Password'}
          </Button>
          <Text size="sm" ta="center">
            <Anchor component={Link} to="/login">
              Back to sign in
            </Anchor>
          </Text>
        </Stack>
      </form>
    </AuthCard>
  );
}
