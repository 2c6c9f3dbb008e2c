import { Alert, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { Mail } from 'lucide-react';
import { PageLoader } from '../../components/page-loader';
import { useInvitations } from './api/invitations';
import { failureReason } from '../../lib/form-failure';

const when = (iso: string) =>
  new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** Pending invitations (docs/product.md §2): email, invitee_username, created_at, in the viewer's time zone. */
export function PendingInvitations() {
  const invitations = useInvitations(true);
  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }} radius="md">
      <Stack gap="sm">
        <Title order={2} size="h4">
          Pending invitations
        </Title>
        {invitations.isPending ? (
          <PageLoader label="Loading invitations" />
        ) : invitations.isError ? (
          <Group justify="space-between">
            <Alert color="red" variant="outline" role="alert" style={{ flex: 1 }}>
              Could not load the invitations: {failureReason(invitations.error)}
            </Alert>
            <Button variant="light" onClick={() => void invitations.refetch()}>
              Try again
            </Button>
          </Group>
        ) : invitations.data.length === 0 ? (
          <Text c="dimmed" size="sm">
            No pending invitations.
          </Text>
        ) : (
          <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {invitations.data.map((invitation) => (
              <Group key={invitation.id} component="li" gap="sm" wrap="nowrap" align="flex-start">
                <Mail size={16} aria-hidden style={{ marginTop: 3, flexShrink: 0 }} />
                <div style={{ minWidth: 0 }}>
                  <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
                    {invitation.email}
                    {invitation.invitee_username && (
                      <Text span c="dimmed" size="sm">
                        {' '}
                        ({invitation.invitee_username})
                      </Text>
                    )}
                  </Text>
                  <Text size="xs" c="dimmed">
                    Invited {when(invitation.created_at)}
                  </Text>
                </div>
              </Group>
            ))}
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}
