// Analysis & Learning (docs/product.md §2, optional): the table's analysis fields: root cause and lesson learned with up to 3
// clickable suggestions of the chosen type, and preventability 1-5.
import { Button, Group, NativeSelect, Stack, Text } from '@mantine/core';
import { fieldOptions, fieldSpec } from '../../../common/domain/oops-fields';
import { TEMPLATE_SUGGESTION_CAP, type IncidentTemplate } from '../../../common/domain/templates';
import { CollapsibleSection } from './collapsible-section';
import { FormInput } from './form-input';
import type { SetField } from './form-types';
import { formFieldsIn, isTextField, type OopsFormState, type TextFormField } from './oops-form-model';

const FIELDS = formFieldsIn('analysis');

/** The template's suggestions for a text field of this section. */
const suggestionsFor = (name: TextFormField, template: IncidentTemplate | undefined): string[] =>
  (name === 'root_cause'
    ? template?.root_causes
    : name === 'lesson_learned'
      ? template?.lessons_learned
      : []) ?? [];

interface AnalysisSectionProps {
  state: OopsFormState;
  set: SetField;
  template: IncidentTemplate | undefined;
}

export function AnalysisSection({ state, set, template }: AnalysisSectionProps) {
  return (
    <CollapsibleSection
      title="Analysis & Learning"
      hint="Optional: why it happened and what the team learned."
    >
      {FIELDS.map((name) =>
        isTextField(name) ? (
          <Stack gap={6} key={name}>
            <FormInput name={name} state={state} set={set} />
            <Suggestions
              label={fieldSpec(name).label}
              items={suggestionsFor(name, template)}
              onPick={(s) => set(name, s)}
            />
          </Stack>
        ) : name === 'preventability' ? (
          <NativeSelect
            key={name}
            label={fieldSpec(name).label}
            description="How preventable was it, from 1 to 5?"
            value={String(state[name])}
            data={[{ value: '0', label: 'Not rated' }, ...fieldOptions(name)]}
            onChange={(e) => set(name, Number(e.currentTarget.value))}
          />
        ) : null,
      )}
    </CollapsibleSection>
  );
}

function Suggestions({
  label,
  items,
  onPick,
}: {
  label: string;
  items: string[];
  onPick: (s: string) => void;
}) {
  const shown = items.slice(0, TEMPLATE_SUGGESTION_CAP);
  if (shown.length === 0) return null;
  return (
    <Group gap={6} role="group" aria-label={`${label} suggestions`}>
      <Text size="xs" c="dimmed" component="span">
        Suggestions:
      </Text>
      {shown.map((s) => (
        <Button key={s} size="compact-xs" variant="light" onClick={() => onPick(s)}>
          {s}
        </Button>
      ))}
    </Group>
  );
}
