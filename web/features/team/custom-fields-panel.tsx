// The team's custom fields (decision 026): everyone sees the list; owners and admins add, edit, archive,
// restore and reorder them. Archived fields keep their values on old incidents but leave the log form.
import { Badge, Button, Code, Group, Paper, Text } from '@mantine/core';
import { ArrowDown, ArrowUp } from 'lucide-react';
import type { CustomFieldView } from '../../../common/contracts/custom-fields';
import { CUSTOM_FIELD_TEXTS as T } from '../../../common/domain/custom-field-texts';
import { useAllCustomFields, useChangeCustomField, type CustomFieldChange } from './api/custom-fields';
import { useAllIncidentTypes } from './api/incident-types';
import {
  CustomFieldForm,
  EMPTY_FIELD_DRAFT,
  type CustomFieldDraft,
  type CustomFieldSave,
} from './custom-field-form';
import { ManagedListPanel } from './managed-list-panel';
import { useManagedList } from './use-managed-list';

export function CustomFieldsPanel() {
  const fields = useAllCustomFields();
  const incidentTypes = useAllIncidentTypes();
  const change = useChangeCustomField();
  const { editing, canEdit, readOnly, open, run } = useManagedList<CustomFieldChange>(change, T.saveFailed);
  const allTypes = incidentTypes.data?.incident_types ?? [];
  const typeName = (id: number) => allTypes.find((t) => t.id === id)?.name ?? `#${id}`;

  const save = (s: CustomFieldSave) =>
    run(
      s.kind === 'create'
        ? { kind: 'create', body: s.body }
        : { kind: 'update', id: editing as number, body: s.body },
      T.saved,
    );

  const formFor = (key: string, initial: CustomFieldDraft) => (
    <CustomFieldForm
      idPrefix={`custom-field-${key}`}
      initial={initial}
      creating={key === 'new'}
      // Active types, and archived ones the field already names (so saving does not silently drop them).
      types={allTypes.filter((t) => !t.archived || initial.required_for.includes(t.id))}
      busy={change.isPending}
      error={change.error}
      onSave={save}
      onCancel={() => open(null)}
    />
  );

  const list = (fields.data?.fields ?? []).filter((f) => canEdit || !f.archived);
  const move = (index: number, by: -1 | 1) => {
    const ids = list.map((f) => f.id);
    const [moved] = ids.splice(index, 1);
    if (moved === undefined) return;
    ids.splice(index + by, 0, moved);
    run({ kind: 'order', ids }, T.saved);
  };

  return (
    <ManagedListPanel
      headingId="custom-fields-heading"
      texts={T}
      readOnly={readOnly}
      canCreate={canEdit && editing !== 'new'}
      onCreate={() => open('new')}
      newForm={editing === 'new' && formFor('new', EMPTY_FIELD_DRAFT)}
      query={fields}
      loadingLabel="Loading custom fields"
      isEmpty={list.length === 0}
    >
      {list.map((field, index) => (
        <li key={field.id}>
          {editing === field.id ? (
            formFor(String(field.id), toDraft(field))
          ) : (
            <FieldRow
              field={field}
              requiredFor={field.required_for.map(typeName)}
              canEdit={canEdit}
              busy={change.isPending}
              first={index === 0}
              last={index === list.length - 1}
              onMove={(by) => move(index, by)}
              onEdit={() => open(field.id)}
              onArchive={() =>
                run(
                  { kind: field.archived ? 'restore' : 'archive', id: field.id },
                  field.archived ? T.restoredToast : T.archivedToast,
                )
              }
            />
          )}
        </li>
      ))}
    </ManagedListPanel>
  );
}

const toDraft = (field: CustomFieldView): CustomFieldDraft => ({
  label: field.label,
  type: field.type,
  key: field.key,
  optionsText: field.options.join('\n'),
  required_for: field.required_for,
});

interface FieldRowProps {
  field: CustomFieldView;
  requiredFor: string[];
  canEdit: boolean;
  busy: boolean;
  first: boolean;
  last: boolean;
  onMove: (by: -1 | 1) => void;
  onEdit: () => void;
  onArchive: () => void;
}

function FieldRow({
  field,
  requiredFor,
  canEdit,
  busy,
  first,
  last,
  onMove,
  onEdit,
  onArchive,
}: FieldRowProps) {
  return (
    <Paper withBorder p="sm" radius="sm">
      <Group justify="space-between" wrap="wrap" gap="sm">
        <div>
          <Group gap={6}>
            <Text fw={600}>{field.label}</Text>
            <Badge variant="light" color="gray">
              {T.typeLabels[field.type]}
            </Badge>
            {field.archived && (
              <Badge color="gray" variant="outline">
                {T.archived}
              </Badge>
            )}
          </Group>
          <Text size="sm" c="dimmed">
            {T.fields.key}: <Code>{field.key}</Code>
          </Text>
          {field.options.length > 0 && <Text size="sm">{field.options.join(' · ')}</Text>}
          {requiredFor.length > 0 && (
            <Text size="sm">
              {T.fields.required_for}: {requiredFor.join(', ')}
            </Text>
          )}
        </div>
        {canEdit && (
          <Group gap="xs">
            <Button
              size="xs"
              variant="default"
              disabled={busy || first}
              onClick={() => onMove(-1)}
              aria-label={`${T.moveUp} ${field.label}`}
            >
              <ArrowUp aria-hidden size={14} />
            </Button>
            <Button
              size="xs"
              variant="default"
              disabled={busy || last}
              onClick={() => onMove(1)}
              aria-label={`${T.moveDown} ${field.label}`}
            >
              <ArrowDown aria-hidden size={14} />
            </Button>
            <Button size="xs" variant="light" onClick={onEdit} aria-label={`${T.edit} ${field.label}`}>
              {T.edit}
            </Button>
            <Button
              size="xs"
              variant="default"
              disabled={busy}
              onClick={onArchive}
              aria-label={`${field.archived ? T.restore : T.archive} ${field.label}`}
            >
              {field.archived ? T.restore : T.archive}
            </Button>
          </Group>
        )}
      </Group>
    </Paper>
  );
}
