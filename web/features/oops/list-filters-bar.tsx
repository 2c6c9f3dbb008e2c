// The log's further filters (decision 041; the status and custom field filters stay on the page itself): kind,
// severity, department, type, tag, owner, the period it occurred in and overdue actions, each written to the URL
// (use-list-filters.ts) as it is chosen; "Clear filters" (the page's, one write of the URL) also clears the status and
// the custom field filters.
// Typed values apply on Enter or when the field is left, not on each key.
import { useEffect, useState } from 'react';
import { Button, Group, MultiSelect, NativeSelect, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { OOPS_KIND_LABELS, OOPS_KINDS, SEVERITIES } from '../../../common/domain/oops-options';
import { fieldLabel } from '../../../common/domain/oops-fields';
import { useDepartments } from '../../lib/api/departments';
import { useTeamTypes } from '../../lib/incident-types';
import type { ListState, SetListState } from './use-list-filters';

interface Props {
  state: ListState;
  set: SetListState;
  onClear: () => void;
}

/** A text filter applied when the user is done typing it: on Enter or on leaving the field. */
function CommitText({
  label,
  value,
  onCommit,
  type = 'text',
}: {
  label: string;
  value: string | null;
  onCommit: (value: string | null) => void;
  type?: 'text' | 'date';
}) {
  const [draft, setDraft] = useState(value ?? '');
  useEffect(() => setDraft(value ?? ''), [value]);
  const commit = () => {
    const next = draft.trim() || null;
    if (next !== value) onCommit(next);
  };
  return (
    <TextInput
      label={label}
      type={type}
      size="xs"
      value={draft}
      onChange={(event) => {
        setDraft(event.currentTarget.value);
        // A date picker's choice is final: no Enter follows it.
        if (type === 'date') onCommit(event.currentTarget.value || null);
      }}
      onBlur={commit}
      onKeyDown={(event) => {
        if (event.key === 'Enter') commit();
      }}
    />
  );
}

const ANY = { value: '', label: 'Any' };

export function ListFiltersBar({ state, set, onClear }: Props) {
  const departments = useDepartments();
  const types = useTeamTypes();
  const typeNames = [...types.templates.map((t) => t.name), ...types.others];
  return (
    <Stack gap="sm">
      <SimpleGrid cols={{ base: 2, sm: 3, md: 5 }} spacing="xs" verticalSpacing="xs">
        <NativeSelect
          label="Kind"
          size="xs"
          value={state.kind ?? ''}
          data={[ANY, ...OOPS_KINDS.map((k) => ({ value: k, label: OOPS_KIND_LABELS[k] }))]}
          onChange={(e) => void set({ kind: (e.currentTarget.value || null) as ListState['kind'] })}
        />
        <MultiSelect
          label="Severity"
          size="xs"
          placeholder={state.severity.length ? undefined : 'Any'}
          data={[...SEVERITIES]}
          value={state.severity}
          onChange={(values) => void set({ severity: values.length ? (values) : null })}
        />
        <Select
          label={fieldLabel('area_department')}
          size="xs"
          placeholder="Any"
          clearable
          searchable
          data={departments}
          value={state.department}
          onChange={(department) => void set({ department })}
        />
        <Select
          label={fieldLabel('oops_type')}
          size="xs"
          placeholder="Any"
          clearable
          searchable
          data={[...new Set(typeNames)]}
          value={state.type}
          onChange={(type) => void set({ type })}
        />
        <CommitText label="Tag" value={state.tag} onCommit={(tag) => void set({ tag })} />
        <CommitText label="Owner" value={state.owner} onCommit={(owner) => void set({ owner })} />
        <CommitText
          label="Occurred from"
          type="date"
          value={state.occurred_from}
          onCommit={(day) => void set({ occurred_from: day })}
        />
        <CommitText
          label="Occurred to"
          type="date"
          value={state.occurred_to}
          onCommit={(day) => void set({ occurred_to: day })}
        />
        <NativeSelect
          label="Overdue actions"
          size="xs"
          value={state.overdue ?? ''}
          data={[ANY, { value: 'true', label: 'Has overdue actions' }, { value: 'false', label: 'None overdue' }]}
          onChange={(e) => void set({ overdue: (e.currentTarget.value || null) as ListState['overdue'] })}
        />
      </SimpleGrid>
      <Group justify="flex-end">
        <Button variant="subtle" size="xs" onClick={onClear}>
          Clear filters
        </Button>
      </Group>
    </Stack>
  );
}
