import { useEffect } from 'react';
import { Alert, Button, Loader, Stack, Text } from '@mantine/core';
import { TriangleAlert } from 'lucide-react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { SSO_TEXTS } from '../../../common/domain/sso-texts';
import { useSession } from '../../lib/session/use-session';
import { afterSignIn } from '../../lib/session/return-to';
import { errorMessage } from '../../lib/transport';
import { usePageTitle } from '../../lib/use-page-title';
import { useOidcComplete } from './api/oidc-complete';
import { AuthCard } from './auth-card';

/**
 * /login/sso?code=…: where single sign-on's callback lands. Trades the one-time code for a session, as a password
 * sign-in would answer, then goes where the user was heading (decision 022).
 */
export function SsoCompletePage() {
  usePageTitle('Signing in');
  const [params] = useSearchParams();
  const code = params.get('code');
  const navigate = useNavigate();
  const { signIn } = useSession();
  const complete = useOidcComplete(code);
  const result = complete.data;

  useEffect(() => {
    if (!result) return;
    signIn(result.token, result.user);
    // replace: the spent code leaves the history, so Back does not try it again.
    void navigate(afterSignIn(result.returnTo), { replace: true });
  }, [result, signIn, navigate]);

  const failure = !code
    ? SSO_TEXTS.handoffInvalid
    : complete.error
      ? errorMessage(complete.error, SSO_TEXTS.unknownError)
      : null;
  if (failure) {
    return (
      <AuthCard title="Single sign-on failed">
        <Stack gap="md">
          <Alert color="red" variant="outline" role="alert" icon={<TriangleAlert size={18} aria-hidden />}>
            {failure}
          </Alert>
          <Button component={Link} to="/login" variant="light">
            {SSO_TEXTS.backToLogin}
          </Button>
        </Stack>
      </AuthCard>
    );
  }
  return (
    <AuthCard title="Signing you in">
      <Stack gap="sm" align="center" role="status">
        <Loader aria-hidden />
        <Text>{SSO_TEXTS.completing}</Text>
      </Stack>
    </AuthCard>
  );
}
