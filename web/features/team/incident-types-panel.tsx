// The team's incident types (decision 025): everyone sees the tiles and their suggestions; owners and
// admins create, edit, archive and restore them. Archived types stay on old incidents.
import { Badge, Button, Group, Paper, Text } from '@mantine/core';
import type { IncidentTypeInput, IncidentTypeView } from '../../../common/contracts/incident-types';
import { INCIDENT_TYPE_TEXTS as T } from '../../../common/domain/incident-type-texts';
import { INCIDENT_TYPE_ICON_COMPONENTS } from '../../components/incident-type-icon';
import { SeverityBadge } from '../../components/severity-badge';
import { useAllIncidentTypes, useChangeIncidentType, type IncidentTypeChange } from './api/incident-types';
import { EMPTY_DRAFT, IncidentTypeForm, type IncidentTypeDraft } from './incident-type-form';
import { ManagedListPanel } from './managed-list-panel';
import { useManagedList } from './use-managed-list';

export function IncidentTypesPanel() {
  const types = useAllIncidentTypes();
  const change = useChangeIncidentType();
  const { editing, canEdit, readOnly, open, run } = useManagedList<IncidentTypeChange>(change, T.saveFailed);

  const save = (body: IncidentTypeInput) =>
    run(
      editing === 'new' ? { kind: 'create', body } : { kind: 'update', id: editing as number, body },
      T.saved,
    );

  const formFor = (key: string, initial: IncidentTypeDraft) => (
    <IncidentTypeForm
      idPrefix={`incident-type-${key}`}
      initial={initial}
      busy={change.isPending}
      error={change.error}
      onSave={save}
      onCancel={() => open(null)}
    />
  );

  return (
    <ManagedListPanel
      headingId="incident-types-heading"
      texts={T}
      readOnly={readOnly}
      canCreate={canEdit && editing !== 'new'}
      onCreate={() => open('new')}
      newForm={editing === 'new' && formFor('new', EMPTY_DRAFT)}
      query={types}
      loadingLabel="Loading incident types"
      isEmpty={types.data?.incident_types.length === 0}
    >
      {(types.data?.incident_types ?? [])
        .filter((t) => canEdit || !t.archived)
        .map((type) => (
          <li key={type.id}>
            {editing === type.id ? (
              formFor(String(type.id), toDraft(type))
            ) : (
              <TypeRow
                type={type}
                canEdit={canEdit}
                busy={change.isPending}
                onEdit={() => open(type.id)}
                onArchive={() =>
                  run(
                    { kind: type.archived ? 'restore' : 'archive', id: type.id },
                    type.archived ? T.restoredToast : T.archivedToast,
                  )
                }
              />
            )}
          </li>
        ))}
    </ManagedListPanel>
  );
}

const toDraft = (type: IncidentTypeView): IncidentTypeDraft => ({
  name: type.name,
  icon: type.icon,
  severity: type.severity,
  area_department: type.area_department,
  tags: type.tags,
  detection_methods: type.detection_methods,
  common_impacts: type.common_impacts,
  owners: type.owners,
  root_causes: type.root_causes,
  lessons_learned: type.lessons_learned,
});

interface TypeRowProps {
  type: IncidentTypeView;
  canEdit: boolean;
  busy: boolean;
  onEdit: () => void;
  onArchive: () => void;
}

function TypeRow({ type, canEdit, busy, onEdit, onArchive }: TypeRowProps) {
  const Icon = INCIDENT_TYPE_ICON_COMPONENTS[type.icon];
  const suggestions = [...type.detection_methods, ...type.common_impacts].slice(0, 6).join(' · ');
  return (
    <Paper withBorder p="sm" radius="sm">
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Group gap="sm" wrap="nowrap">
          <Icon aria-hidden size={22} />
          <div>
            <Group gap={6}>
              <Text fw={600}>{type.name}</Text>
              <SeverityBadge severity={type.severity} />
              {type.archived && (
                <Badge color="gray" variant="light">
                  {T.archived}
                </Badge>
              )}
            </Group>
            <Text size="sm" c="dimmed">
              {[type.area_department, `${type.incident_count} incidents`].filter(Boolean).join(' · ')}
            </Text>
            {suggestions && <Text size="sm">{suggestions}</Text>}
          </div>
        </Group>
        {canEdit && (
          <Group gap="xs">
            <Button size="xs" variant="light" onClick={onEdit} aria-label={`${T.edit} ${type.name}`}>
              {T.edit}
            </Button>
            <Button
              size="xs"
              variant="default"
              disabled={busy}
              onClick={onArchive}
              aria-label={`${type.archived ? T.restore : T.archive} ${type.name}`}
            >
              {type.archived ? T.restore : T.archive}
            </Button>
          </Group>
        )}
      </Group>
    </Paper>
  );
}
