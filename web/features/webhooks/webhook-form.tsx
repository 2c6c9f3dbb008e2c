// The "Add webhook" form: URL, kind, events as checkboxes (with "All events"), description. Given a webhook, the same
// form edits it in place and adds its Active switch; only the changed fields are sent.
import { useId, useState, type FormEvent } from 'react';
import {
  Button,
  Checkbox,
  Group,
  NativeSelect,
  SimpleGrid,
  Stack,
  Switch,
  Textarea,
  TextInput,
} from '@mantine/core';
import { TEAM_EVENT_TYPES } from '../../../common/contracts/domain-events';
import {
  createWebhookBody,
  type CreatedWebhook,
  type UpdateWebhookBody,
  type Webhook,
} from '../../../common/contracts/webhooks';
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
import { useUpdateWebhook } from './api/update-webhook';
import { FailureAlert } from '../../components/failure-alert';

type Field = 'url' | 'events' | 'kind' | 'description';
const KIND_OPTIONS = WEBHOOK_KINDS.map((k) => ({ value: k, label: WEBHOOK_KIND_LABELS[k] }));

type Draft = ReturnType<typeof createWebhookBody.parse> & { paused: boolean };

/** Only what differs from the webhook as it is. */
function changesOf(webhook: Webhook, next: Draft): UpdateWebhookBody {
  const body: UpdateWebhookBody = {};
  if (next.url !== webhook.url) body.url = next.url;
  if (next.kind !== webhook.kind) body.kind = next.kind;
  if (next.events.join() !== webhook.events.join()) body.events = next.events;
  if (next.description !== webhook.description) body.description = next.description;
  if (next.paused !== webhook.paused) body.paused = next.paused;
  return body;
}

export function WebhookForm({
  webhook,
  onCreated,
  onSaved,
  onCancel,
}: {
  /** Edit this webhook instead of adding one. */
  webhook?: Webhook;
  onCreated?: (w: CreatedWebhook) => void;
  onSaved?: (w: Webhook) => void;
  onCancel: () => void;
}) {
  const create = useCreateWebhook();
  const update = useUpdateWebhook();
  const ids = useId();
  const [url, setUrl] = useState(webhook?.url ?? '');
  const [kind, setKind] = useState<WebhookKind>(webhook?.kind ?? 'generic');
  const [events, setEvents] = useState<string[]>(webhook?.events ?? [ALL_EVENTS]);
  const [description, setDescription] = useState(webhook?.description ?? '');
  const [active, setActive] = useState(!webhook?.paused);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const all = events.includes(ALL_EVENTS);
  const action = webhook ? 'Save webhook' : 'Add webhook';

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = createWebhookBody.safeParse({ url, kind, events, description });
    if (!parsed.success) {
      const found = fieldErrors<Field>(parsed.error.issues);
      setErrors(found);
      document.getElementById(found.url ? `${ids}-url` : `${ids}-events`)?.focus();
      return;
    }
    setErrors({});
    if (!webhook) return create.mutate(parsed.data, { onSuccess: onCreated });
    const changes = changesOf(webhook, { ...parsed.data, paused: !active });
    if (Object.keys(changes).length === 0) return onCancel();
    update.mutate({ id: webhook.id, ...changes }, { onSuccess: onSaved });
  };

  return (
    <form onSubmit={submit} noValidate aria-label={webhook ? `Edit webhook ${webhook.url}` : 'Add webhook'}>
      <Stack gap="md">
        <FailureAlert
          title={webhook ? 'The webhook was not saved' : 'The webhook was not added'}
          error={webhook ? update.error : create.error}
        />
        <TextInput
          id={`${ids}-url`}
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
          id={`${ids}-events`}
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
        {webhook && (
          <Switch
            label="Active"
            description="A paused webhook sends nothing; resuming it resets its failure count."
            checked={active}
            onChange={(e) => setActive(e.currentTarget.checked)}
          />
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            Cancel
          </Button>
          <Button type="submit" loading={create.isPending || update.isPending}>
            {action}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
