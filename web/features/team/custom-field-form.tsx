// The edit form of one custom field (decision 026): label, type and key (both fixed once created),
// options one per line for the select types, and the incident types that require it. Checked with the API's own
// contract before it is sent.
import { useState, type FormEvent } from 'react';
import {
  Button,
  Checkbox,
  Group,
  NativeSelect,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Textarea,
} from '@mantine/core';
import {
  createCustomFieldBody,
  customFieldKeyFromLabel,
  isOptionType,
  updateCustomFieldBody,
  type CreateCustomFieldInput,
  type UpdateCustomFieldInput,
} from '../../../common/contracts/custom-fields';
import {
  CUSTOM_FIELD_LIMITS as L,
  CUSTOM_FIELD_TYPES,
  type CustomFieldType,
} from '../../../common/domain/custom-field-limits';
import { CUSTOM_FIELD_TEXTS as T } from '../../../common/domain/custom-field-texts';
import { FailureAlert } from '../../components/failure-alert';
import { fieldErrors } from '../../lib/form-failure';

export interface CustomFieldDraft {
  label: string;
  type: CustomFieldType;
  key: string;
  /** The options as typed: one per line. */
  optionsText: string;
  required_for: number[];
}

export const EMPTY_FIELD_DRAFT: CustomFieldDraft = {
  label: '',
  type: 'text',
  key: '',
  optionsText: '',
  required_for: [],
};

type Field = keyof typeof T.fields;

export type CustomFieldSave =
  { kind: 'create'; body: CreateCustomFieldInput } | { kind: 'update'; body: UpdateCustomFieldInput };

const linesOf = (text: string) =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);

/** The body the draft sends: options only for the select types, the key only when one was typed. */
export function draftBody(draft: CustomFieldDraft, creating: boolean): CustomFieldSave {
  const options = isOptionType(draft.type) ? linesOf(draft.optionsText) : undefined;
  if (creating) {
    const key = draft.key.trim();
    return {
      kind: 'create',
      body: {
        label: draft.label,
        type: draft.type,
        ...(key ? { key } : {}),
        ...(options ? { options } : {}),
        required_for: draft.required_for,
      },
    };
  }
  return {
    kind: 'update',
    body: { label: draft.label, ...(options ? { options } : {}), required_for: draft.required_for },
  };
}

interface CustomFieldFormProps {
  idPrefix: string;
  initial: CustomFieldDraft;
  /** Creating: type and key may be chosen; editing: both are fixed. */
  creating: boolean;
  /** The incident types a field may be required for (the active ones and any already chosen). */
  types: readonly { id: number; name: string }[];
  busy: boolean;
  error: unknown;
  onSave: (save: CustomFieldSave) => void;
  onCancel: () => void;
}

export function CustomFieldForm({
  idPrefix,
  initial,
  creating,
  types,
  busy,
  error,
  onSave,
  onCancel,
}: CustomFieldFormProps) {
  const [draft, setDraft] = useState<CustomFieldDraft>(initial);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const set = <K extends keyof CustomFieldDraft>(key: K, value: CustomFieldDraft[K]) =>
    setDraft((d) => ({ ...d, [key]: value }));
  const id = (field: Field) => `${idPrefix}-${field}`;
  const withOptions = isOptionType(draft.type);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const save = draftBody(draft, creating);
    const parsed =
      save.kind === 'create'
        ? createCustomFieldBody.safeParse(save.body)
        : updateCustomFieldBody.safeParse(save.body);
    if (!parsed.success) {
      const found = fieldErrors<Field>(parsed.error.issues);
      setErrors(found);
      const first = (['label', 'type', 'key', 'options', 'required_for'] as const).find((f) => found[f]);
      if (first) document.getElementById(id(first))?.focus();
      return;
    }
    setErrors({});
    onSave(save);
  };

  return (
    <form onSubmit={submit} noValidate aria-label={creating ? T.create : `Edit ${initial.label}`}>
      <Stack gap="sm">
        <FailureAlert title={T.saveFailed} error={error} />
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
          <TextInput
            id={id('label')}
            label={T.fields.label}
            required
            maxLength={L.labelMax}
            value={draft.label}
            error={errors.label}
            onChange={(e) => set('label', e.currentTarget.value)}
          />
          <NativeSelect
            id={id('type')}
            label={T.fields.type}
            value={draft.type}
            error={errors.type}
            // The type cannot change once values exist; a native select has no read-only state.
            disabled={!creating}
            data={CUSTOM_FIELD_TYPES.map((type) => ({ value: type, label: T.typeLabels[type] }))}
            onChange={(e) => set('type', e.currentTarget.value as CustomFieldType)}
          />
          <TextInput
            id={id('key')}
            label={T.fields.key}
            maxLength={L.keyMax}
            readOnly={!creating}
            placeholder={creating ? customFieldKeyFromLabel(draft.label) || undefined : undefined}
            value={draft.key}
            error={errors.key}
            onChange={(e) => set('key', e.currentTarget.value)}
          />
        </SimpleGrid>
        <Text size="xs" c="dimmed">
          {T.keyHint}
        </Text>
        {withOptions && (
          <Textarea
            id={id('options')}
            label={T.fields.options}
            description={T.optionsHint}
            required
            rows={4}
            value={draft.optionsText}
            error={errors.options}
            onChange={(e) => set('optionsText', e.currentTarget.value)}
          />
        )}
        {types.length > 0 && (
          <Checkbox.Group
            id={id('required_for')}
            label={T.fields.required_for}
            value={draft.required_for.map(String)}
            error={errors.required_for}
            onChange={(values) => set('required_for', values.map(Number))}
          >
            <Group gap="md" mt={4}>
              {types.map((type) => (
                <Checkbox key={type.id} value={String(type.id)} label={type.name} />
              ))}
            </Group>
          </Checkbox.Group>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel} disabled={busy}>
            {T.cancel}
          </Button>
          <Button type="submit" loading={busy}>
            {T.save}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
