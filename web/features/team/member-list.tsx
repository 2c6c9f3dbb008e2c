import { Badge, Button, Card, Group, Stack, Table, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { Member } from '../../../common/contracts/team';
import { DepartmentCell, RoleCell } from './member-controls';
import { isManager, memberRights, type MemberRights, type Viewer } from './member-permissions';

interface MemberListProps {
  members: Member[];
  viewer: Viewer;
  onRemove?: (member: Member) => void;
  onTransfer?: (member: Member) => void;
}

type Handlers = Pick<MemberListProps, 'onRemove' | 'onTransfer'>;

/** Remove and hand-over buttons, where the viewer may use them (decision 035). */
function ActionsCell({
  member,
  rights,
  onRemove,
  onTransfer,
}: { member: Member; rights: MemberRights } & Handlers) {
  const who = member.name || member.email;
  if (!rights.remove && !rights.transfer) return null;
  return (
    <Group gap="xs" wrap="wrap">
      {rights.transfer && onTransfer && (
        <Button
          size="compact-sm"
          variant="default"
          aria-label={`Make ${who} the owner`}
          onClick={() => onTransfer(member)}
        >
          Make owner
        </Button>
      )}
      {rights.remove && onRemove && (
        <Button
          size="compact-sm"
          variant="light"
          color="red"
          aria-label={`Remove ${who}`}
          onClick={() => onRemove(member)}
        >
          Remove
        </Button>
      )}
    </Group>
  );
}

function NameCell({ member, viewer }: { member: Member; viewer: Viewer }) {
  return (
    <Group gap={6} wrap="nowrap">
      <Text size="sm" fw={500}>
        {member.name || member.email}
      </Text>
      {member.id === viewer.id && (
        <Badge size="xs" variant="outline" color="gray">
          you
        </Badge>
      )}
    </Group>
  );
}

/**
 * The member table of docs/product.md §2 on wide screens and one card per member on narrow ones (390 px). Only one of the
 * two is rendered, so each control exists once for keyboard and screen-reader users. Members see it read-only.
 */
export function MemberList({ members, viewer, onRemove, onTransfer }: MemberListProps) {
  const wide = useMediaQuery('(min-width: 48em)', false, { getInitialValueInEffect: false });
  const manages = isManager(viewer.role);

  if (!wide) {
    return (
      <Stack
        gap="sm"
        component="ul"
        aria-label="Team members"
        style={{ listStyle: 'none', padding: 0, margin: 0 }}
      >
        {members.map((member) => {
          const rights = memberRights(viewer, member);
          return (
            <Card key={member.id} component="li" withBorder radius="md" padding="md">
              <Stack gap={6}>
                <NameCell member={member} viewer={viewer} />
                <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                  {member.email}
                </Text>
                <Text size="sm">
                  <Text span c="dimmed" size="sm">
                    Username:{' '}
                  </Text>
                  {member.username ?? '—'}
                </Text>
                <Group gap="sm" grow align="flex-end">
                  <div>
                    <Text size="xs" c="dimmed">
                      Department
                    </Text>
                    <DepartmentCell member={member} rights={rights} />
                  </div>
                  <div>
                    <Text size="xs" c="dimmed">
                      Role
                    </Text>
                    <RoleCell member={member} rights={rights} />
                  </div>
                </Group>
                <ActionsCell member={member} rights={rights} onRemove={onRemove} onTransfer={onTransfer} />
              </Stack>
            </Card>
          );
        })}
      </Stack>
    );
  }

  return (
    <Table.ScrollContainer minWidth={manages ? 880 : 720}>
      <Table striped highlightOnHover verticalSpacing="sm" aria-label="Team members">
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Name</Table.Th>
            <Table.Th scope="col">Username</Table.Th>
            <Table.Th scope="col">E-mail</Table.Th>
            <Table.Th scope="col">Department</Table.Th>
            <Table.Th scope="col">Role</Table.Th>
            {manages && <Table.Th scope="col">Actions</Table.Th>}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {members.map((member) => {
            const rights = memberRights(viewer, member);
            return (
              <Table.Tr key={member.id}>
                <Table.Td>
                  <NameCell member={member} viewer={viewer} />
                </Table.Td>
                <Table.Td>{member.username ?? '—'}</Table.Td>
                <Table.Td style={{ overflowWrap: 'anywhere' }}>{member.email}</Table.Td>
                <Table.Td>
                  <DepartmentCell member={member} rights={rights} />
                </Table.Td>
                <Table.Td>
                  <RoleCell member={member} rights={rights} />
                </Table.Td>
                {manages && (
                  <Table.Td>
                    <ActionsCell
                      member={member}
                      rights={rights}
                      onRemove={onRemove}
                      onTransfer={onTransfer}
                    />
                  </Table.Td>
                )}
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
