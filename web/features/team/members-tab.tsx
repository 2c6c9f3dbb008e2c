import { Alert, Button, Paper, Stack, Text, Title } from '@mantine/core';
import { Info } from 'lucide-react';
import type { User } from '../../../common/contracts/auth';
import { ACCOUNT_TEXTS } from '../../../common/domain/account-texts';
import { PageLoader } from '../../components/page-loader';
import { useTeamMembers } from '../../lib/api/team-members';
import { InviteForm } from './invite-form';
import { isManager } from './member-permissions';
import { MemberList } from './member-list';
import { failureReason } from '../../lib/form-failure';
import { PendingInvitations } from './pending-invitations';

/** Team Members tab (docs/product.md §2, §6): banner, invite form and pending invitations (owners/admins), member list. */
export function MembersTab({ user }: { user: User }) {
  const members = useTeamMembers();
  const manager = isManager(user.role);
  const viewer = { id: user.id, role: user.role };

  return (
    <Stack gap="lg">
      <Alert
        color="blue"
        variant="light"
        icon={<Info size={18} aria-hidden />}
        title={ACCOUNT_TEXTS.membersComingSoon}
      >
        More team tools, such as removing members and bulk invitations, are on the way.
      </Alert>
      {manager && <InviteForm />}
      {manager && <PendingInvitations />}
      <Paper withBorder p={{ base: 'md', sm: 'lg' }} radius="md">
        <Stack gap="sm">
          <Title order={2} size="h4">
            Members{members.data ? ` (${members.data.length})` : ''}
          </Title>
          {!manager && (
            <Text size="sm" c="dimmed">
              Team owners and admins can invite people and change roles and departments.
            </Text>
          )}
          {members.isPending ? (
            <PageLoader label="Loading team members" />
          ) : members.isError ? (
            <Stack gap="sm" align="flex-start">
              <Alert color="red" variant="outline" role="alert" w="100%">
                Could not load the team members: {failureReason(members.error)}
              </Alert>
              <Button variant="light" onClick={() => void members.refetch()}>
                Try again
              </Button>
            </Stack>
          ) : (
            <MemberList members={members.data} viewer={viewer} />
          )}
        </Stack>
      </Paper>
    </Stack>
  );
}
