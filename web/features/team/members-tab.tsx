import { useState } from 'react';
import { Alert, Button, Paper, Stack, Text, Title } from '@mantine/core';
import type { User } from '../../../common/contracts/auth';
import type { Member } from '../../../common/contracts/team';
import { PageLoader } from '../../components/page-loader';
import { useTeamMembers } from '../../lib/api/team-members';
import { InviteForm } from './invite-form';
import { InviteManyForm } from './invite-many-form';
import { LeaveTeamPanel } from './leave-team-panel';
import { isManager } from './member-permissions';
import { MemberList } from './member-list';
import { failureReason } from '../../lib/form-failure';
import { PendingInvitations } from './pending-invitations';
import { RemoveMemberDialog } from './remove-member-dialog';
import { TransferOwnershipDialog } from './transfer-ownership-dialog';

/**
 * Team Members tab (docs/product.md §2, §6, decision 035): invite forms and pending invitations (owners/admins), the member
 * list with remove and hand-over (read-only for members), and leaving the team.
 */
export function MembersTab({ user }: { user: User }) {
  const members = useTeamMembers();
  const manager = isManager(user.role);
  const viewer = { id: user.id, role: user.role };
  const [removing, setRemoving] = useState<Member | null>(null);
  const [handingOver, setHandingOver] = useState<Member | null>(null);

  return (
    <Stack gap="lg">
      {manager && <InviteForm />}
      {manager && <InviteManyForm />}
      {manager && <PendingInvitations />}
      <Paper withBorder p={{ base: 'md', sm: 'lg' }} radius="md">
        <Stack gap="sm">
          <Title order={2} size="h4">
            Members{members.data ? ` (${members.data.length})` : ''}
          </Title>
          {!manager && (
            <Text size="sm" c="dimmed">
              Team owners and admins can invite people, change roles and departments, and remove members.
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
            <MemberList
              members={members.data}
              viewer={viewer}
              onRemove={setRemoving}
              onTransfer={setHandingOver}
            />
          )}
        </Stack>
      </Paper>
      {user.team && <LeaveTeamPanel teamName={user.team.name} />}
      <RemoveMemberDialog member={removing} members={members.data ?? []} onClose={() => setRemoving(null)} />
      <TransferOwnershipDialog member={handingOver} onClose={() => setHandingOver(null)} />
    </Stack>
  );
}
