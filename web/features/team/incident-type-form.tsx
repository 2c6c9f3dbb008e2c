// The edit form of one incident type (decision 025): name, icon, default severity and department, and the
// suggestion lists as tag inputs (type, then Enter). Checked with the API's own contract before it is sent.
import { useState, type FormEvent } from 'react';
import { Button, Group, NativeSelect, SimpleGrid, Stack, TagsInput, TextInput } from '@mantine/core';
import { incidentTypeBody, type IncidentTypeInput } from '../../../common/contracts/incident-types';
import { INCIDENT_TYPE_LIMITS as L } from '../../../common/domain/incident-type-limits';
import { INCIDENT_TYPE_TEXTS as T } from '../../../common/domain/incident-type-texts';
import { SEVERITIES } from '../../../common/domain/options';
import { INCIDENT_TYPE_ICONS, type IncidentTypeIcon } from '../../../common/domain/templates';
import { INCIDENT_TYPE_ICON_LABELS } from '../../components/incident-type-icon';
import { FailureAlert } from '../../components/failure-alert';
import { fieldErrors } from '../../lib/form-failure';

type ListField =
  'tags' | 'detection_methods' | 'common_impacts' | 'owners' | 'root_causes' | 'lessons_learned';
const LIST_FIELDS: ListField[] = [
  'tags',
  'detection_methods',
  'common_impacts',
  'owners',
  'root_causes',
  'lessons_learned',
];
type Field = keyof IncidentTypeInput;
export type IncidentTypeDraft = Required<Pick<IncidentTypeInput, 'name' | 'icon' | 'severity'>> &
  Record<ListField, string[]> & { area_department: string };

export const EMPTY_DRAFT: IncidentTypeDraft = {
  name: '',
  icon: 'circle-alert',
  severity: 'Medium',
  area_department: '',
  tags: [],
  detection_methods: [],
  common_impacts: [],
  owners: [],
  root_causes: [],
  lessons_learned: [],
};

interface IncidentTypeFormProps {
  idPrefix: string;
  initial: IncidentTypeDraft;
  busy: boolean;
  error: unknown;
  onSave: (body: IncidentTypeInput) => void;
  onCancel: () => void;
}

export function IncidentTypeForm({
  idPrefix,
  initial,
  busy,
  error,
  onSave,
  onCancel,
}: IncidentTypeFormProps) {
  const [draft, setDraft] = useState<IncidentTypeDraft>(initial);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const set = <K extends keyof IncidentTypeDraft>(key: K, value: IncidentTypeDraft[K]) =>
    setDraft((d) => ({ ...d, [key]: value }));
  const id = (field: Field) => `${idPrefix}-${field}`;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = incidentTypeBody.safeParse(draft);
    if (!parsed.success) {
      const found = fieldErrors<Field>(parsed.error.issues);
      setErrors(found);
      const first = Object.keys(found)[0] as Field | undefined;
      if (first) document.getElementById(id(first))?.focus();
      return;
    }
    setErrors({});
    onSave(draft);
  };

  return (
    <form onSubmit={submit} noValidate aria-label={initial.name ? `Edit ${initial.name}` : T.create}>
      <Stack gap="sm">
        <FailureAlert title={T.saveFailed} error={error} />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <TextInput
            id={id('name')}
            label={T.fields.name}
            required
            maxLength={L.nameMax}
            value={draft.name}
            error={errors.name}
            onChange={(e) => set('name', e.currentTarget.value)}
          />
          <NativeSelect
            id={id('icon')}
            label={T.fields.icon}
            value={draft.icon}
            error={errors.icon}
            data={INCIDENT_TYPE_ICONS.map((icon) => ({
              value: icon,
              label: INCIDENT_TYPE_ICON_LABELS[icon],
            }))}
            onChange={(e) => set('icon', e.currentTarget.value as IncidentTypeIcon)}
          />
          <NativeSelect
            id={id('severity')}
            label={T.fields.severity}
            value={draft.severity}
            error={errors.severity}
            data={[...SEVERITIES]}
            onChange={(e) => set('severity', e.currentTarget.value as IncidentTypeDraft['severity'])}
          />
          <TextInput
            id={id('area_department')}
            label={T.fields.area_department}
            maxLength={L.departmentMax}
            value={draft.area_department}
            error={errors.area_department}
            onChange={(e) => set('area_department', e.currentTarget.value)}
          />
        </SimpleGrid>
        {LIST_FIELDS.map((field) => (
          <TagsInput
            key={field}
            id={id(field)}
            label={T.fields[field]}
            description="Type a suggestion and press Enter"
            value={draft[field]}
            error={errors[field]}
            maxTags={L.listMax}
            maxLength={field === 'tags' ? L.tagMax : L.itemMax}
            clearable
            onChange={(value) => set(field, value)}
          />
        ))}
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
