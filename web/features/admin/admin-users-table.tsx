import { Badge, Button, Stack, Table, Text } from '@mantine/core';
import { ADMIN_TEXTS } from '../../../common/domain/admin-texts';
import type { AdminUser } from './api/get-admin-users';
import classes from './admin.module.css';
import { UserStatusBadges } from './user-status-badges';

interface AdminUsersTableProps {
  users: AdminUser[];
  /** The signed-in super admin: their own row has no Disable button (the server refuses it too). */
  selfId: number;
  onToggle: (user: AdminUser) => void;
}

export function AdminUsersTable({ users, selfId, onToggle }: AdminUsersTableProps) {
  return (
    // Scrolls sideways at 390 px; focusable so keyboard users can scroll it (axe: scrollable-region-focusable).
    <div className={classes.tableScroll} tabIndex={0} role="region" aria-label="Users">
      <Table striped highlightOnHover verticalSpacing="sm" miw={640}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">User</Table.Th>
            <Table.Th scope="col">Department</Table.Th>
            <Table.Th scope="col">Status</Table.Th>
            <Table.Th scope="col">Joined</Table.Th>
            <Table.Th scope="col">
              <span className={classes.visuallyHidden}>Actions</span>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {users.map((u) => (
            <Table.Tr key={u.id} data-testid={`user-row-${u.id}`}>
              <Table.Td>
                <Stack gap={0}>
                  <Text size="sm" fw={600}>
                    {u.name}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {u.email}
                    {u.username ? ` · @${u.username}` : ''}
                  </Text>
                </Stack>
              </Table.Td>
              <Table.Td>
                <Text size="sm" c={u.user_department ? undefined : 'dimmed'}>
                  {u.user_department ?? ADMIN_TEXTS.notSpecified}
                </Text>
              </Table.Td>
              <Table.Td>
                <UserStatusBadges user={u} />
              </Table.Td>
              <Table.Td>
                <Text size="sm">{new Date(u.created_at).toLocaleDateString()}</Text>
              </Table.Td>
              <Table.Td ta="right">
                {u.id === selfId ? (
                  <Badge variant="default">You</Badge>
                ) : (
                  <Button
                    size="xs"
                    color={u.is_active ? 'red.9' : 'teal.9'}
                    onClick={() => onToggle(u)}
                    aria-label={`${u.is_active ? 'Disable' : 'Enable'} ${u.email}`}
                  >
                    {u.is_active ? 'Disable' : 'Enable'}
                  </Button>
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </div>
  );
}
