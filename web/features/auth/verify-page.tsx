import { useEffect } from 'react';
import { Alert, Button, Loader, Stack, Text } from '@mantine/core';
import { CircleCheck, Clock, TriangleAlert } from 'lucide-react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { ACCOUNT_TEXTS } from '../../../common/domain/account-texts';
import { TIMINGS } from '../../../common/domain/options';
import { SuccessAlert } from '../../components/success-alert';
import { useSession } from '../../lib/session/use-session';
import { afterSignIn } from '../../lib/session/return-to';
import { usePageTitle } from '../../lib/use-page-title';
import { useVerify } from './api/verify';
import { AuthCard } from './auth-card';
import { verifyState } from './verify-state';

/** The magic-link check of docs/product.md §2/§4: loading, success (→ /dashboard after 1.2 s), expired, error. */
export function VerifyPage() {
  usePageTitle('Verify sign-in link');
  const [params] = useSearchParams();
  const token = params.get('token');
  const navigate = useNavigate();
  const { signIn } = useSession();
  const verify = useVerify(token);
  const state = verifyState(token, verify);
  const result = verify.data;

  useEffect(() => {
    if (!result) return;
    signIn(result.token, result.user);
    const timer = setTimeout(
      () => void navigate(afterSignIn(result.returnTo), { replace: true }),
      TIMINGS.verifyRedirectMs,
    );
    return () => clearTimeout(timer);
  }, [result, signIn, navigate]);

  if (state.kind === 'expired') {
    return (
      <AuthCard title={ACCOUNT_TEXTS.verifyExpiredTitle}>
        <Stack gap="md" align="center" ta="center">
          <Clock size={40} aria-hidden color="var(--mantine-color-orange-6)" />
          <Text>{ACCOUNT_TEXTS.verifyExpiredHint}</Text>
          <Button component={Link} to="/login">
            Request a new link
          </Button>
        </Stack>
      </AuthCard>
    );
  }

  const title =
    state.kind === 'success'
      ? 'You are signed in'
      : state.kind === 'error'
        ? 'Sign-in link problem'
        : 'Signing you in';
  return (
    <AuthCard title={title}>
      {state.kind === 'loading' && (
        <Stack gap="sm" align="center" role="status">
          <Loader aria-hidden />
          <Text>Checking your sign-in link...</Text>
        </Stack>
      )}
      {state.kind === 'success' && (
        <SuccessAlert icon={<CircleCheck size={18} aria-hidden />}>
          {result?.returnTo ? (
            <>You&apos;re signed in. Redirecting...</>
          ) : (
            <>You&apos;re signed in. Redirecting to your dashboard...</>
          )}
        </SuccessAlert>
      )}
      {state.kind === 'error' && (
        <Stack gap="md">
          <Alert
            color="red"
            variant="outline"
            role="alert"
            title="Sign-in link not accepted"
            icon={<TriangleAlert size={18} aria-hidden />}
          >
            {state.message}
          </Alert>
          <Button component={Link} to="/login" variant="light">
            Back to sign in
          </Button>
        </Stack>
      )}
    </AuthCard>
  );
}
