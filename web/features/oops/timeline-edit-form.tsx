// Editing a custom event: name, description, date and time; Save stays disabled without a name or a timestamp.
import { useState, type FormEvent } from 'react';
import { Button, Group, SimpleGrid, Stack, TextInput, Textarea } from '@mantine/core';
import { TimeInput } from '@mantine/dates';
import { OOPS_LIMITS } from '../../../common/domain/oops-options';
import type { TimelineEvent } from '../../../common/domain/timeline';
import { DateField } from '../../components/date-field';
import { fromLocalParts, toLocalParts } from './timeline-time';

interface TimelineEditFormProps {
  event: TimelineEvent;
  onSave: (event: TimelineEvent) => Promise<boolean>;
  onCancel: () => void;
}

export function TimelineEditForm({ event, onSave, onCancel }: TimelineEditFormProps) {
  const initial = toLocalParts(event.timestamp);
  const [name, setName] = useState(event.event);
  const [description, setDescription] = useState(event.description ?? '');
  const [date, setDate] = useState(initial.date);
  const [time, setTime] = useState(initial.time);
  const [busy, setBusy] = useState(false);
  const timestamp = fromLocalParts(date, time);
  const canSave = name.trim() !== '' && timestamp !== null;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!canSave) return;
    setBusy(true);
    const saved = await onSave({
      ...event,
      event: name.trim(),
      description: description.trim() || null,
      timestamp,
    });
    setBusy(false);
    if (saved) onCancel();
  };

  return (
    <form onSubmit={(e) => void submit(e)} aria-label={`Edit event ${event.event}`}>
      <Stack gap="xs">
        <TextInput
          label="Event name"
          required
          value={name}
          maxLength={OOPS_LIMITS.shortTextMax}
          onChange={(e) => setName(e.currentTarget.value)}
        />
        <Textarea
          label="Description"
          autosize
          minRows={2}
          value={description}
          maxLength={OOPS_LIMITS.textMax}
          onChange={(e) => setDescription(e.currentTarget.value)}
        />
        <SimpleGrid cols={2} spacing="xs">
          <DateField label="Date" required value={date} onChange={setDate} />
          <TimeInput label="Time" required value={time} onChange={(e) => setTime(e.currentTarget.value)} />
        </SimpleGrid>
        <Group gap="xs">
          <Button type="submit" size="xs" disabled={!canSave} loading={busy}>
            Save
          </Button>
          <Button size="xs" variant="default" onClick={onCancel}>
            Cancel
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
