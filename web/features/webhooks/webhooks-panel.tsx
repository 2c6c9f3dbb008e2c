// Settings › Integrations › Webhooks (owners and admins): list with health, add (secret shown once), edit in place,
// pause/resume, delete, send test, delivery log.
import { useState } from 'react';
import { Alert, Badge, Button, Card, Group, Modal, Paper, Stack, Text, Title } from '@mantine/core';
import type { CreatedWebhook, Webhook } from '../../../common/contracts/webhooks';
import {
  ALL_EVENTS,
  WEBHOOK_EVENT_LABELS,
  WEBHOOK_KIND_LABELS,
  WEBHOOK_LIMITS,
} from '../../../common/domain/webhooks';
import { badgeTone } from '../../components/badge-tone';
import { PageLoader } from '../../components/page-loader';
import { failureReason } from '../../lib/form-failure';
import { toastError, toastSuccess } from '../../lib/toast';
import { useDeleteWebhook } from './api/delete-webhook';
import { useWebhooks } from './api/list-webhooks';
import { useSendTest } from './api/send-test';
import { useUpdateWebhook } from './api/update-webhook';
import { DeliveryLog } from './delivery-log';
import { SecretReveal } from './secret-reveal';
import { WebhookForm } from './webhook-form';
import { WebhookHealth } from './webhook-health';

export function WebhooksPanel() {
  const webhooks = useWebhooks();
  const [adding, setAdding] = useState(false);
  const [created, setCreated] = useState<CreatedWebhook | null>(null);
  const [deleting, setDeleting] = useState<Webhook | null>(null);
  const remove = useDeleteWebhook();
  const full = (webhooks.data?.length ?? 0) >= WEBHOOK_LIMITS.endpointsPerTeam;

  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting.id, {
      onSuccess: () => toastSuccess('Webhook deleted.'),
      onError: (error) => toastError(failureReason(error)),
      onSettled: () => setDeleting(null),
    });
  };

  return (
    <Paper
      withBorder
      p={{ base: 'md', sm: 'xl' }}
      radius="md"
      component="section"
      aria-labelledby="webhooks-title"
    >
      <Stack gap="md">
        <Group justify="space-between" align="flex-start">
          <div>
            <Title order={2} size="h3" id="webhooks-title">
              Webhooks
            </Title>
            <Text size="sm" c="dimmed">
              Send the team&apos;s events to other systems: signed JSON (Standard Webhooks) or Slack messages.
            </Text>
          </div>
          {!adding && (
            <Button onClick={() => setAdding(true)} disabled={full || webhooks.isPending}>
              Add webhook
            </Button>
          )}
        </Group>
        {full && !adding && (
          <Text size="sm" c="dimmed">
            A team may have at most {WEBHOOK_LIMITS.endpointsPerTeam} webhooks.
          </Text>
        )}
        {created && <SecretReveal webhook={created} onDone={() => setCreated(null)} />}
        {adding && (
          <Card withBorder>
            <WebhookForm
              onCancel={() => setAdding(false)}
              onCreated={(webhook) => {
                setAdding(false);
                setCreated(webhook);
              }}
            />
          </Card>
        )}
        {webhooks.isPending ? (
          <PageLoader label="Loading webhooks" />
        ) : webhooks.isError ? (
          <Alert color="red" variant="outline" role="alert" title="Webhooks could not be loaded">
            {failureReason(webhooks.error)}
          </Alert>
        ) : webhooks.data.length === 0 ? (
          <Text size="sm" c="dimmed">
            No webhooks yet.
          </Text>
        ) : (
          <Stack gap="sm" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {webhooks.data.map((webhook) => (
              <li key={webhook.id}>
                <WebhookCard webhook={webhook} onDelete={() => setDeleting(webhook)} />
              </li>
            ))}
          </Stack>
        )}
      </Stack>
      <Modal
        opened={deleting !== null}
        onClose={remove.isPending ? () => {} : () => setDeleting(null)}
        title="Delete webhook"
        closeButtonProps={{ 'aria-label': 'Close' }}
        centered
      >
        <Stack gap="md">
          <Text style={{ wordBreak: 'break-all' }}>
            Delete the webhook to {deleting?.url}? Its delivery log is deleted too, and no more events are
            sent.
          </Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => setDeleting(null)} disabled={remove.isPending}>
              Cancel
            </Button>
            <Button color="red.9" onClick={confirmDelete} loading={remove.isPending}>
              Delete
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Paper>
  );
}

const eventsText = (events: string[]) =>
  events.includes(ALL_EVENTS) ? 'All events' : events.map((e) => WEBHOOK_EVENT_LABELS[e] ?? e).join(', ');

function WebhookCard({ webhook, onDelete }: { webhook: Webhook; onDelete: () => void }) {
  const [showLog, setShowLog] = useState(false);
  const [editing, setEditing] = useState(false);
  const update = useUpdateWebhook();
  const sendTest = useSendTest();

  const togglePause = () =>
    update.mutate(
      { id: webhook.id, paused: !webhook.paused },
      {
        onSuccess: (w) => toastSuccess(w.paused ? 'Webhook paused.' : 'Webhook resumed.'),
        onError: (error) => toastError(failureReason(error)),
      },
    );
  const test = () =>
    sendTest.mutate(webhook.id, {
      onSuccess: (delivery) => {
        setShowLog(true);
        if (delivery.status === 'succeeded')
          toastSuccess(`Test delivered (HTTP ${delivery.response_status}).`);
        else toastError(`Test failed: ${delivery.error ?? `HTTP ${delivery.response_status}`}`);
      },
      onError: (error) => toastError(failureReason(error)),
    });

  if (editing)
    return (
      <Card withBorder padding="md" data-testid="webhook-card">
        <WebhookForm
          webhook={webhook}
          onCancel={() => setEditing(false)}
          onSaved={() => {
            setEditing(false);
            toastSuccess('Webhook saved.');
          }}
        />
      </Card>
    );

  return (
    <Card withBorder padding="md" data-testid="webhook-card">
      <Stack gap="xs">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Text fw={600} ff="monospace" size="sm" style={{ wordBreak: 'break-all' }}>
            {webhook.url}
          </Text>
          <Group gap="xs">
            <Badge variant="outline">{WEBHOOK_KIND_LABELS[webhook.kind]}</Badge>
            <Badge {...badgeTone(webhook.paused ? 'orange' : 'green')}>
              {webhook.paused ? 'Paused' : 'Active'}
            </Badge>
          </Group>
        </Group>
        {webhook.description && <Text size="sm">{webhook.description}</Text>}
        <Text size="sm" c="dimmed">
          Events: {eventsText(webhook.events)}
        </Text>
        <WebhookHealth webhook={webhook} />
        {webhook.paused && webhook.pause_reason && (
          <Text size="sm" c="orange.9">
            {webhook.pause_reason}
          </Text>
        )}
        <Group gap="xs">
          <Button
            size="xs"
            variant="light"
            onClick={test}
            loading={sendTest.isPending}
            disabled={webhook.paused}
          >
            Send test
          </Button>
          <Button size="xs" variant="light" onClick={() => setEditing(true)}>
            Edit
          </Button>
          <Button size="xs" variant="light" onClick={togglePause} loading={update.isPending}>
            {webhook.paused ? 'Resume' : 'Pause'}
          </Button>
          <Button size="xs" variant="subtle" onClick={() => setShowLog((v) => !v)} aria-expanded={showLog}>
            {showLog ? 'Hide deliveries' : 'Deliveries'}
          </Button>
          <Button size="xs" variant="default" onClick={onDelete}>
            Delete
          </Button>
        </Group>
        {showLog && <DeliveryLog webhookId={webhook.id} paused={webhook.paused} />}
      </Stack>
    </Card>
  );
}
