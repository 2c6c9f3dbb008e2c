// The delivery log of one webhook: time, event, status, HTTP status, latency, response excerpt, redeliver.
import { Alert, Badge, Button, Code, ScrollArea, Table, Text, VisuallyHidden } from '@mantine/core';
import type { WebhookDelivery } from '../../../common/contracts/webhooks';
import { WEBHOOK_EVENT_LABELS, type WebhookDeliveryStatus } from '../../../common/domain/webhooks';
import { badgeTone, type BadgeTone } from '../../components/badge-tone';
import { PageLoader } from '../../components/page-loader';
import { failureReason } from '../../lib/form-failure';
import { toastError, toastSuccess } from '../../lib/toast';
import { useDeliveries } from './api/list-deliveries';
import { useRedeliver } from './api/redeliver';

const STATUS_TONE: Record<WebhookDeliveryStatus, BadgeTone> = {
  pending: 'yellow',
  succeeded: 'green',
  failed: 'red',
};
const STATUS_LABEL: Record<WebhookDeliveryStatus, string> = {
  pending: 'Pending',
  succeeded: 'Delivered',
  failed: 'Failed',
};

export function DeliveryStatusBadge({ status }: { status: WebhookDeliveryStatus }) {
  return <Badge {...badgeTone(STATUS_TONE[status])}>{STATUS_LABEL[status]}</Badge>;
}

export function DeliveryLog({ webhookId, paused }: { webhookId: number; paused: boolean }) {
  const deliveries = useDeliveries(webhookId, true);
  const redeliver = useRedeliver();
  if (deliveries.isPending) return <PageLoader label="Loading deliveries" />;
  if (deliveries.isError)
    return (
      <Alert color="red" variant="outline" role="alert" title="The delivery log could not be loaded">
        {failureReason(deliveries.error)}
      </Alert>
    );
  if (deliveries.data.length === 0)
    return (
      <Text size="sm" c="dimmed">
        No deliveries yet. Send a test to try the receiver.
      </Text>
    );
  const again = (d: WebhookDelivery) =>
    redeliver.mutate(
      { id: webhookId, deliveryId: d.id },
      {
        onSuccess: () => toastSuccess('Delivery queued again.'),
        onError: (error) => toastError(failureReason(error)),
      },
    );
  return (
    <ScrollArea>
      <Table striped verticalSpacing="xs" aria-label="Delivery log" miw={720}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Time</Table.Th>
            <Table.Th>Event</Table.Th>
            <Table.Th>Status</Table.Th>
            <Table.Th>HTTP</Table.Th>
            <Table.Th>Latency</Table.Th>
            <Table.Th>Response</Table.Th>
            <Table.Th>
              <VisuallyHidden>Actions</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {deliveries.data.map((d) => (
            <Table.Tr key={d.id} data-testid="delivery-row">
              <Table.Td>
                <Text size="sm">{new Date(d.last_attempt_at ?? d.created_at).toLocaleString()}</Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm">{WEBHOOK_EVENT_LABELS[d.event_type] ?? d.event_type}</Text>
                <Text size="xs" c="dimmed">
                  {d.attempts === 1 ? '1 attempt' : `${d.attempts} attempts`}
                </Text>
              </Table.Td>
              <Table.Td>
                <DeliveryStatusBadge status={d.status} />
              </Table.Td>
              <Table.Td>{d.response_status ?? '—'}</Table.Td>
              <Table.Td>{d.latency_ms === null ? '—' : `${d.latency_ms} ms`}</Table.Td>
              <Table.Td maw={320}>
                {d.error && (
                  <Text size="xs" c="red.9">
                    {d.error}
                  </Text>
                )}
                {d.response_excerpt ? (
                  <Code
                    block
                    style={{
                      maxHeight: 96,
                      overflow: 'auto',
                      whiteSpace: 'pre-wrap',
                      wordBreak: 'break-all',
                    }}
                  >
                    {d.response_excerpt.slice(0, 1000)}
                  </Code>
                ) : null}
              </Table.Td>
              <Table.Td>
                <Button
                  size="xs"
                  variant="subtle"
                  disabled={paused || d.status === 'pending'}
                  loading={redeliver.isPending && redeliver.variables.deliveryId === d.id}
                  onClick={() => again(d)}
                  aria-label={`Redeliver delivery ${d.id}`}
                >
                  Redeliver
                </Button>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollArea>
  );
}
