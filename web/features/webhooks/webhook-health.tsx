// A webhook's health on its card: its last delivery (when, how it went) and, while deliveries keep failing, since when
// (the first failure of the current streak, decision 043). Times are shown in the viewer's time zone.
import { Badge, Group, Text } from '@mantine/core';
import type { Webhook } from '../../../common/contracts/webhooks';
import type { WebhookDeliveryStatus } from '../../../common/domain/webhooks';
import { badgeTone } from '../../components/badge-tone';

const STATUS: Record<WebhookDeliveryStatus, { label: string; color: 'green' | 'red' | 'orange' }> = {
  succeeded: { label: 'Succeeded', color: 'green' },
  failed: { label: 'Failed', color: 'red' },
  // A pending delivery that was attempted failed that attempt and waits for its retry.
  pending: { label: 'Retrying', color: 'orange' },
};

const when = (iso: string) => new Date(iso).toLocaleString();

export function WebhookHealth({ webhook }: { webhook: Webhook }) {
  const { last_delivery_at: at, last_delivery_status: status, failing_since: since } = webhook;
  if (!at || !status)
    return (
      <Text size="sm" c="dimmed">
        No deliveries yet.
      </Text>
    );
  const response = webhook.last_delivery_response_status;
  return (
    <Group gap="xs" wrap="wrap">
      <Text size="sm">
        Last delivery: <time dateTime={at}>{when(at)}</time>
        {response !== null && ` (HTTP ${response})`}
      </Text>
      <Badge {...badgeTone(STATUS[status].color)}>{STATUS[status].label}</Badge>
      {since && (
        <Text
          size="sm"
          fw={600}
          style={{ color: 'light-dark(var(--mantine-color-red-9), var(--mantine-color-red-3))' }}
        >
          Failing since <time dateTime={since}>{when(since)}</time>
        </Text>
      )}
    </Group>
  );
}
