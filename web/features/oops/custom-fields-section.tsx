// The detail page's "Custom fields" block (decision 026): each active field click-to-edit like the
// built-in fields (same InlineField, same save path and toasts), checked first by the common validator; archived
// fields still show the value an incident kept, read-only.
import { SimpleGrid, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import {
  checkCustomFieldValue,
  requiredCustomFields,
  type CustomFieldValue,
  type CustomFieldValues,
  type CustomFieldView,
} from '../../../common/contracts/custom-fields';
import type { OopsDetail } from '../../../common/contracts/oops';
import { CUSTOM_FIELD_TEXTS as T } from '../../../common/domain/custom-field-texts';
import { teamMembersQuery } from '../../lib/api/team-members';
import { toastError } from '../../lib/toast';
import { useTeamTypes } from '../../lib/incident-types';
import { CUSTOM_EDITORS, draftToRaw, valueToText } from './custom-field-values';
import { optionsWith, type Option } from './field-config';
import { splitMulti } from './inline-editors';
import { InlineField } from './inline-field';

/** An incident's custom values ({} when it has none). */
export const customValuesOf = (detail: OopsDetail): CustomFieldValues => detail.custom_fields;

/** The fields the block shows: every active one, and archived ones only where the incident kept a value. */
export function shownCustomFields(fields: readonly CustomFieldView[], values: CustomFieldValues) {
  return fields.filter((f) => !f.archived || values[f.key] !== undefined);
}

interface CustomFieldsSectionProps {
  detail: OopsDetail;
  fields: readonly CustomFieldView[];
  disabled: boolean;
  saveCustomField: (key: string, label: string, value: CustomFieldValue | null) => Promise<void>;
}

export function CustomFieldsSection({ detail, fields, disabled, saveCustomField }: CustomFieldsSectionProps) {
  const values = customValuesOf(detail);
  const shown = shownCustomFields(fields, values);
  const hasUserField = shown.some((f) => f.type === 'user');
  // The members are fetched only when a user field needs them.
  const members = useQuery({ ...teamMembersQuery(), enabled: hasUserField });
  const teamTypes = useTeamTypes();
  const required = new Set(
    requiredCustomFields(fields, detail.oops_type ? teamTypes.ids[detail.oops_type] : undefined).map(
      (f) => f.key,
    ),
  );
  const memberOptions: Option[] = (members.data ?? []).map((m) => ({ value: String(m.id), label: m.name }));

  const save = async (field: CustomFieldView, text: string) => {
    const check = checkCustomFieldValue(
      field,
      draftToRaw(field, field.type === 'multi_select' ? splitMulti(text) : text),
    );
    if (!check.ok) {
      toastError(check.error);
      throw new Error(check.error);
    }
    await saveCustomField(field.key, field.label, check.value);
  };

  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="sm">
      {shown.map((field) => {
        const text = valueToText(values[field.key]);
        if (field.archived) {
          return (
            <Stack gap={2} key={field.key}>
              <Text size="xs" c="dimmed" fw={600}>
                {field.label} ({T.archived})
              </Text>
              <Text size="sm">{text.split('\n').join(', ')}</Text>
            </Stack>
          );
        }
        const isRequired = required.has(field.key);
        const listed: Option[] =
          field.type === 'user' ? memberOptions : field.options.map((o) => ({ value: o, label: o }));
        const options =
          field.type === 'multi_select'
            ? listed
            : optionsWith(isRequired ? listed : [{ value: '', label: 'Not specified' }, ...listed], text);
        return (
          <InlineField
            key={field.key}
            label={field.label}
            value={text}
            editor={CUSTOM_EDITORS[field.type]}
            options={options}
            required={isRequired}
            disabled={disabled}
            render={field.type === 'multi_select' ? (v) => splitMulti(v).join(', ') : undefined}
            onSave={(next) => save(field, next)}
          />
        );
      })}
    </SimpleGrid>
  );
}
