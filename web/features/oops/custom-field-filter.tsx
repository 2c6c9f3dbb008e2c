// The list's custom field filter (decision 026): choose a field, then a value in the input its type
// needs; each filter is a `cf.<key>=<value>` parameter of the URL (so a filtered list can be shared), listed with a
// button that removes it. The value is checked by the same parser the server uses before it goes in the URL.
import { useState, type FormEvent } from 'react';
import { Button, Group, NativeSelect, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { X } from 'lucide-react';
import { parseCustomFieldFilter, type CustomFieldView } from '../../../common/contracts/custom-fields';
import { CUSTOM_FIELD_TEXTS as T } from '../../../common/domain/custom-field-texts';
import { DateField } from '../../components/date-field';
import { teamMembersQuery } from '../../lib/api/team-members';

export type CustomFilter = readonly [key: string, value: string];

const VALUE_ID = 'custom-filter-value';

interface CustomFieldFilterProps {
  fields: readonly CustomFieldView[];
  active: readonly CustomFilter[];
  onApply: (key: string, value: string) => void;
  onRemove: (key: string) => void;
}

export function CustomFieldFilter({ fields, active, onApply, onRemove }: CustomFieldFilterProps) {
  const [key, setKey] = useState('');
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | undefined>();
  const field = fields.find((f) => f.key === key);
  const needsMembers =
    field?.type === 'user' || active.some(([k]) => fields.find((f) => f.key === k)?.type === 'user');
  const members = useQuery({ ...teamMembersQuery(), enabled: needsMembers });
  const memberName = (id: string) => members.data?.find((m) => String(m.id) === id)?.name ?? `#${id}`;
  if (fields.length === 0 && active.length === 0) return null;

  const choose = (next: string) => {
    setKey(next);
    setValue('');
    setError(undefined);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!field) return;
    const parsed = parseCustomFieldFilter(field, value);
    if (!parsed.ok) {
      setError(parsed.error);
      document.getElementById(VALUE_ID)?.focus();
      return;
    }
    setError(undefined);
    onApply(field.key, String(parsed.value));
    choose('');
  };

  const shownValue = (k: string, v: string) =>
    fields.find((f) => f.key === k)?.type === 'user' ? memberName(v) : v;
  const labelOf = (k: string) => fields.find((f) => f.key === k)?.label ?? k;
  const valueCommon = { id: VALUE_ID, label: T.filterValue, error, w: 200 };
  const onText = (e: { currentTarget: { value: string } }) => setValue(e.currentTarget.value);

  return (
    <>
      {fields.length > 0 && (
        <form onSubmit={submit} noValidate aria-label="Custom field filter">
          <Group align="flex-start" gap="sm">
            <NativeSelect
              label={T.filterLabel}
              value={key}
              data={[
                { value: '', label: 'Choose a field' },
                ...fields.map((f) => ({ value: f.key, label: f.label })),
              ]}
              onChange={(e) => choose(e.currentTarget.value)}
              w={200}
            />
            {field &&
              (field.type === 'select' || field.type === 'multi_select' || field.type === 'user' ? (
                <NativeSelect
                  {...valueCommon}
                  value={value}
                  data={[
                    { value: '', label: 'Choose a value' },
                    ...(field.type === 'user'
                      ? (members.data ?? []).map((m) => ({ value: String(m.id), label: m.name }))
                      : field.options.map((o) => ({ value: o, label: o }))),
                  ]}
                  onChange={onText}
                />
              ) : field.type === 'date' ? (
                <DateField
                  id={VALUE_ID}
                  label={T.filterValue}
                  value={value}
                  error={error}
                  onChange={setValue}
                />
              ) : (
                <TextInput
                  {...valueCommon}
                  type={field.type === 'number' ? 'number' : 'text'}
                  value={value}
                  onChange={onText}
                />
              ))}
            {field && (
              <Button type="submit" mt={25} variant="light">
                Apply filter
              </Button>
            )}
          </Group>
        </form>
      )}
      {active.length > 0 && (
        <Group
          gap="xs"
          component="ul"
          aria-label="Custom field filters"
          style={{ listStyle: 'none', padding: 0, margin: 0 }}
        >
          {active.map(([k, v]) => (
            <li key={k}>
              <Button
                size="xs"
                variant="default"
                rightSection={<X aria-hidden size={14} />}
                onClick={() => onRemove(k)}
                aria-label={`Remove filter ${labelOf(k)}: ${shownValue(k, v)}`}
              >
                {labelOf(k)}: {shownValue(k, v)}
              </Button>
            </li>
          ))}
        </Group>
      )}
    </>
  );
}
