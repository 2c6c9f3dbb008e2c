// The log form's custom fields (decision 026): one labelled input per active field, of the Mantine kind
// its type needs, after the built-in fields. The required mark follows the chosen incident type.
import { MultiSelect, NumberInput, Select, SimpleGrid, TextInput } from '@mantine/core';
import type { CustomFieldView } from '../../../common/contracts/custom-fields';
import { CUSTOM_FIELD_LIMITS as L } from '../../../common/domain/custom-field-limits';
import { CUSTOM_FIELD_TEXTS as T } from '../../../common/domain/custom-field-texts';
import { DateField } from '../../components/date-field';
import { useQuery } from '@tanstack/react-query';
import { teamMembersQuery } from '../../lib/api/team-members';
import type { CustomDraft, CustomDrafts } from './custom-field-values';

/** The id of a custom field's input, so a failed check can move focus to it. */
export const customFieldInputId = (key: string) => `oops-custom-${key}`;

interface CustomFieldInputsProps {
  fields: readonly CustomFieldView[];
  drafts: CustomDrafts;
  onChange: (key: string, draft: CustomDraft) => void;
  /** Keys of the fields the chosen type requires. */
  required: ReadonlySet<string>;
  errors: Record<string, string>;
  disabled?: boolean;
}

export function CustomFieldInputs({
  fields,
  drafts,
  onChange,
  required,
  errors,
  disabled,
}: CustomFieldInputsProps) {
  const hasUserField = fields.some((f) => f.type === 'user');
  // The members are fetched only when a user field needs them.
  const members = useQuery({ ...teamMembersQuery(), enabled: hasUserField });
  if (fields.length === 0) return null;
  const memberOptions = hasUserField
    ? (members.data ?? []).map((m) => ({ value: String(m.id), label: m.name }))
    : [];
  return (
    <fieldset style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
      <legend style={{ fontWeight: 600, marginBottom: 'var(--mantine-spacing-xs)' }}>{T.section}</legend>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        {fields.map((field) => {
          const text = drafts[field.key];
          const common = {
            id: customFieldInputId(field.key),
            label: field.label,
            required: required.has(field.key),
            error: errors[field.key],
            disabled,
          };
          const asText = typeof text === 'string' ? text : '';
          const set = (draft: CustomDraft) => onChange(field.key, draft);
          switch (field.type) {
            case 'text':
              return (
                <TextInput
                  key={field.key}
                  {...common}
                  maxLength={L.textMax}
                  value={asText}
                  onChange={(e) => set(e.currentTarget.value)}
                />
              );
            case 'number':
              return (
                <NumberInput
                  key={field.key}
                  {...common}
                  value={asText}
                  onChange={(value) => set(String(value))}
                />
              );
            case 'select':
            case 'user':
              return (
                <Select
                  key={field.key}
                  {...common}
                  data={field.type === 'user' ? memberOptions : field.options}
                  value={asText || null}
                  onChange={(value) => set(value ?? '')}
                  clearable
                  searchable
                  placeholder="Not specified"
                />
              );
            case 'multi_select':
              return (
                <MultiSelect
                  key={field.key}
                  {...common}
                  data={field.options}
                  value={Array.isArray(text) ? text : []}
                  onChange={set}
                  clearable
                  searchable
                />
              );
            case 'date':
              return (
                <DateField
                  key={field.key}
                  id={common.id}
                  label={field.label}
                  required={common.required}
                  error={common.error}
                  value={asText}
                  onChange={set}
                />
              );
          }
        })}
      </SimpleGrid>
    </fieldset>
  );
}
