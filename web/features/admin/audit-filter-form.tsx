import { Button, NativeSelect, SimpleGrid, TextInput } from '@mantine/core';
import { X } from 'lucide-react';
import { AUDIT_ACTION_LABELS } from '../../../common/domain/admin-texts';
import { DateField } from '../../components/date-field';
import type { AuditFilterErrors, AuditFilterForm } from './audit-filters';

interface AuditFilterFormProps {
  value: AuditFilterForm;
  errors: AuditFilterErrors;
  onChange: (next: AuditFilterForm) => void;
  onClear: () => void;
}

const ACTION_OPTIONS = [
  { value: '', label: 'All actions' },
  ...Object.entries(AUDIT_ACTION_LABELS)
    .map(([value, label]) => ({ value, label }))
    .sort((a, b) => a.label.localeCompare(b.label)),
];

/** Filters apply as they change (ids after a pause); there is nothing to submit. */
export function AuditFilterFormFields({ value, errors, onChange, onClear }: AuditFilterFormProps) {
  const set = (field: keyof AuditFilterForm) => (event: { currentTarget: { value: string } }) =>
    onChange({ ...value, [field]: event.currentTarget.value });
  const empty = Object.values(value).every((v) => v === '');
  return (
    <form role="search" aria-label="Filter the audit log" onSubmit={(event) => event.preventDefault()}>
      <SimpleGrid cols={{ base: 1, xs: 2, md: 3, lg: 6 }} spacing="sm" verticalSpacing="sm">
        <NativeSelect label="Action" value={value.action} onChange={set('action')} data={ACTION_OPTIONS} />
        <TextInput
          label="Actor ID"
          inputMode="numeric"
          value={value.actorId}
          onChange={set('actorId')}
          error={errors.actorId}
        />
        <TextInput
          label="Team ID"
          inputMode="numeric"
          value={value.teamId}
          onChange={set('teamId')}
          error={errors.teamId}
        />
        <DateField
          label="From date"
          value={value.from}
          onChange={(from) => onChange({ ...value, from })}
          error={errors.from}
        />
        <DateField
          label="To date"
          value={value.to}
          onChange={(to) => onChange({ ...value, to })}
          error={errors.to}
        />
        <Button
          variant="default"
          onClick={onClear}
          disabled={empty}
          leftSection={<X size={16} aria-hidden />}
          style={{ alignSelf: 'end' }}
        >
          Clear filters
        </Button>
      </SimpleGrid>
    </form>
  );
}
