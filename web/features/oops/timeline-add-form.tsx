// Adding a custom event (docs/product.md §4, §5): a preset type must be chosen before Add is enabled; 'custom' needs a name.
import { useState, type FormEvent } from 'react';
import { Button, Group, NativeSelect, TextInput } from '@mantine/core';
import { Plus } from 'lucide-react';
import { OOPS_LIMITS, OOPS_MESSAGES } from '../../../common/domain/oops-options';
import {
  TIMELINE_PRESETS,
  TIMELINE_PRESET_TYPES,
  type TimelinePreset,
} from '../../../common/domain/timeline';

const PRESET_OPTIONS = [
  { value: '', label: 'Choose an event type' },
  ...TIMELINE_PRESET_TYPES.map((type) => ({
    value: type,
    label: type === 'custom' ? 'Custom event…' : TIMELINE_PRESETS[type].event,
  })),
];

interface TimelineAddFormProps {
  /** Adds the event; resolves true when it was saved. */
  onAdd: (preset: TimelinePreset, customName: string) => Promise<boolean>;
}

export function TimelineAddForm({ onAdd }: TimelineAddFormProps) {
  const [preset, setPreset] = useState<TimelinePreset | ''>('');
  const [name, setName] = useState('');
  const [nameError, setNameError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!preset) return;
    if (preset === 'custom' && !name.trim()) {
      setNameError(OOPS_MESSAGES.customNameRequired);
      return;
    }
    setNameError(null);
    setBusy(true);
    const saved = await onAdd(preset, name);
    setBusy(false);
    if (saved) {
      setPreset('');
      setName('');
    }
  };

  return (
    <form onSubmit={(e) => void submit(e)} aria-label="Add a timeline event">
      <Group align="flex-start" gap="xs">
        <NativeSelect
          label="Event type"
          value={preset}
          data={PRESET_OPTIONS}
          // Locked while saving: the reset after the save must not wipe a choice made meanwhile.
          disabled={busy}
          onChange={(e) => {
            setPreset(e.currentTarget.value as TimelinePreset | '');
            setNameError(null);
          }}
          style={{ flex: '1 1 180px' }}
        />
        {preset === 'custom' && (
          <TextInput
            label="Custom event name"
            value={name}
            maxLength={OOPS_LIMITS.shortTextMax}
            onChange={(e) => setName(e.currentTarget.value)}
            error={nameError}
            disabled={busy}
            style={{ flex: '1 1 180px' }}
          />
        )}
        <Button
          type="submit"
          mt={25}
          disabled={!preset}
          loading={busy}
          leftSection={<Plus aria-hidden size={16} />}
        >
          Add Event
        </Button>
      </Group>
    </form>
  );
}
