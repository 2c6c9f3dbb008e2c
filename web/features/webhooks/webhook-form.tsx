// The "Add webhook" form: URL, kind, events as checkboxes (with "All events"), description.
import { useState, type FormEvent } from 'react';
import { Button, Checkbox, Group, NativeSelect, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import { TEAM_EVENT_TYPES } from '../../../common/contracts/domain-events';
import { createWebhookBody, type CreatedWebhook } from '../../../common/contracts/webhooks';
import {
  ALL_EVENTS,
  WEBHOOK_EVENT_LABELS,
  WEBHOOK_KIND_LABELS,
  WEBHOOK_KINDS,
  WEBHOOK_LIMITS,
  type WebhookKind,
} from '../../../common/domain/webhooks';
import { fieldErrors } from '../../lib/form-failure';
import { useCreateWebhook } from './api/create-webhook';
import { FailureAlert } from '../../components/failure-alert';

type Field = 'url' | 'events' | 'kind' | 'description';
const KIND_OPTIONS = WEBHOOK_KINDS.map((k) => ({ value: k, label: WEBHOOK_KIND_LABELS[k] }));

export function WebhookForm({
  onCreated,
  onCancel,
}: {
  onCreated: (w: CreatedWebhook) => void;
  onCancel: () => void;
}) {
  const create = useCreateWebhook();
  const [url, setUrl] = useState('');
  const [kind, setKind] = useState<WebhookKind>('generic');
  const [events, setEvents] = useState<string[]>([ALL_EVENTS]);
  const [description, setDescription] = useState('');
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const all = events.includes(ALL_EVENTS);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = createWebhookBody.safeParse({ url, kind, events, description });
    if (!parsed.success) {
      const found = fieldErrors<Field>(parsed.error.issues);
      setErrors(found);
      document.getElementById(found.url ? 'webhook-url' : 'webhook-events')?.focus();
      return;
    }
    setErrors({});
    create.mutate(parsed.data, { onSuccess: onCreated });
  };

  return (
    <form onSubmit={submit} noValidate aria-label="Add webhook">
      <Stack gap="md">
        <FailureAlert title="The webhook was not added" error={create.error} />
        <TextInput
          id="webhook-url"
          label="Payload URL"
          placeholder="https://example.com/webhooks/oopsboard"
          required
          value={url}
          maxLength={WEBHOOK_LIMITS.urlMaxLength}
          onChange={(e) => setUrl(e.currentTarget.value)}
          error={errors.url}
        />
        <NativeSelect
          label="Kind"
          data={KIND_OPTIONS}
          value={kind}
          onChange={(e) => setKind(e.currentTarget.value as WebhookKind)}
          description={
            kind === 'slack'
              ? 'Paste the URL of a Slack incoming webhook; messages are posted to its channel.'
              : 'Signed JSON per the Standard Webhooks specification.'
          }
        />
        <Checkbox.Group
          id="webhook-events"
          label="Events"
          value={events}
          onChange={(next) =>
            // Ticking "All events" replaces the list; unticking it starts from none.
            setEvents(next.includes(ALL_EVENTS) && !all ? [ALL_EVENTS] : next)
          }
          error={errors.events}
        >
          <Stack gap="xs" mt="xs">
            <Checkbox value={ALL_EVENTS} label="All events" />
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs">
              {TEAM_EVENT_TYPES.map((type) => (
                <Checkbox
                  key={type}
                  value={type}
                  disabled={all}
                  label={WEBHOOK_EVENT_LABELS[type] ?? type}
                  description={type}
                />
              ))}
            </SimpleGrid>
          </Stack>
        </Checkbox.Group>
        <Textarea
          label="Description"

          rows={2}
          value={description}
          maxLength={WEBHOOK_LIMITS.descriptionMaxLength}
          onChange={(e) => setDescription(e.currentTarget.value)}
          error={errors.description}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            Cancel
          </Button>
          <Button type="submit" loading={create.isPending}>
            Add webhook
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
