import { Stack, Table, Text } from '@mantine/core';
import { AUDIT_ACTION_LABELS } from '../../../common/domain/admin-texts';
import classes from './admin.module.css';
import type { AuditEvent } from './api/get-audit-events';
import { auditTime, detailsText } from './audit-filters';

const dash = (
  <Text span c="dimmed">
    —
  </Text>
);

export function AuditTable({ events }: { events: AuditEvent[] }) {
  return (
    <div className={classes.tableScroll} tabIndex={0} role="region" aria-label="Audit events">
      <Table striped verticalSpacing="xs" miw={860}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Time</Table.Th>
            <Table.Th scope="col">Action</Table.Th>
            <Table.Th scope="col">Actor</Table.Th>
            <Table.Th scope="col">Team</Table.Th>
            <Table.Th scope="col">Target</Table.Th>
            <Table.Th scope="col">IP</Table.Th>
            <Table.Th scope="col">Details</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {events.map((e) => (
            <Table.Tr key={e.id}>
              <Table.Td>
                <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                  <time dateTime={e.at}>{auditTime(e.at)}</time>
                </Text>
              </Table.Td>
              <Table.Td>
                <Stack gap={0}>
                  <Text size="sm" fw={600}>
                    {AUDIT_ACTION_LABELS[e.action] ?? e.action}
                  </Text>
                  <Text className={classes.mono} c="dimmed">
                    {e.action}
                  </Text>
                </Stack>
              </Table.Td>
              <Table.Td>
                {e.actor_id === null ? (
                  dash
                ) : (
                  <Stack gap={0}>
                    <Text size="sm">{e.actor_email ?? 'Deleted user'}</Text>
                    <Text size="xs" c="dimmed">
                      ID {e.actor_id}
                    </Text>
                  </Stack>
                )}
              </Table.Td>
              <Table.Td>{e.team_id ?? dash}</Table.Td>
              <Table.Td>{e.target ? <Text className={classes.mono}>{e.target}</Text> : dash}</Table.Td>
              <Table.Td>{e.ip ? <Text className={classes.mono}>{e.ip}</Text> : dash}</Table.Td>
              <Table.Td>
                {e.details ? <Text className={classes.mono}>{detailsText(e.details)}</Text> : dash}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </div>
  );
}
