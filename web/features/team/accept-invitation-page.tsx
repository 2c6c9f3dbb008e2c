import { useEffect, useState, type ReactNode } from 'react';
import { Alert, Anchor, Button, Container, Paper, Stack, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { MailWarning, UsersRound } from 'lucide-react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { ACCOUNT_TEXTS } from '../../../common/domain/account-texts';
import { TIMINGS } from '../../../common/domain/options';
import { PageLoader } from '../../components/page-loader';
import { SuccessAlert } from '../../components/success-alert';
import { useSession } from '../../lib/session/use-session';
import { toastError, toastSuccess } from '../../lib/toast';
import { ApiError } from '../../lib/transport';
import { usePageTitle } from '../../lib/use-page-title';
import { useAcceptInvitation } from './api/accept-invitation';

function Card({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Container size={480} py="xl" px="md">
      <Title order={1} size="h2" ta="center" mb="lg">
        {title}
      </Title>
      <Paper withBorder shadow="sm" p={{ base: 'md', sm: 'xl' }} radius="md">
        {children}
      </Paper>
    </Container>
  );
}

/**
 * The invitation screen of docs/product.md §2. Signed in: Accept Invitation joins the team, refreshes the session (the team
 * becomes the current one) and goes to /dashboard after 3 s. Signed out: invitations are only e-mailed to
 * addresses without an account, so Accept Invitation leads to sign-up with the invitation.
 */
export function AcceptInvitationPage() {
  usePageTitle('Accept Invitation');
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() || null;
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { status } = useSession();
  const accept = useAcceptInvitation();
  const [accepted, setAccepted] = useState<string | null>(null);

  useEffect(() => {
    if (accepted === null) return;
    const timer = setTimeout(() => void navigate('/dashboard'), TIMINGS.invitationRedirectMs);
    return () => clearTimeout(timer);
  }, [accepted, navigate]);

  if (!token) {
    return (
      <Card title="Invalid Invitation">
        <Stack gap="md" align="center" ta="center">
          <MailWarning size={36} aria-hidden color="var(--mantine-color-orange-6)" />
          <Text>{ACCOUNT_TEXTS.invitationNoToken}</Text>
          <Button component={Link} to="/" variant="light">
            Go to the home page
          </Button>
        </Stack>
      </Card>
    );
  }
  if (status === 'loading') return <PageLoader label="Checking your session" />;

  const onAccept = () => {
    accept.mutate(
      { token },
      {
        onSuccess: ({ message }) => {
          setAccepted(message);
          toastSuccess(message);
          // The server switched the current team: the session user (role, team) and every team-scoped list change.
          void queryClient.invalidateQueries();
        },
        onError: () => toastError(ACCOUNT_TEXTS.acceptInvitationFailed),
      },
    );
  };

  if (status === 'anonymous') {
    return (
      <Card title="Accept Invitation">
        <Stack gap="md">
          <Text>
            You&apos;ve been invited to join a team on OopsBoard. Create your account to accept the
            invitation.
          </Text>
          <Button component={Link} to={`/signup?invitation=${encodeURIComponent(token)}`} fullWidth>
            Accept Invitation
          </Button>
          <Text size="sm" c="dimmed">
            Already have an account with the invited address?{' '}
            <Anchor component={Link} to="/login">
              Sign in
            </Anchor>{' '}
            and open the invitation link again.
          </Text>
        </Stack>
      </Card>
    );
  }

  return (
    <Card title="Accept Invitation">
      <Stack gap="md">
        {accepted ? (
          <SuccessAlert icon={<UsersRound size={18} aria-hidden />}>
            {accepted} Redirecting to your dashboard...
          </SuccessAlert>
        ) : (
          <Text>You&apos;ve been invited to join a team on OopsBoard. Accept to become a member.</Text>
        )}
        {accept.isError && (
          <Alert color="red" variant="outline" role="alert" title={ACCOUNT_TEXTS.acceptInvitationFailed}>
            {accept.error instanceof ApiError && accept.error.kind === 'http'
              ? accept.error.message
              : ACCOUNT_TEXTS.networkErrorRetry}
          </Alert>
        )}
        <Button onClick={onAccept} disabled={accept.isPending || accepted !== null} fullWidth>
          {accept.isPending ? 'Accepting...' : 'Accept Invitation'}
        </Button>
      </Stack>
    </Card>
  );
}
