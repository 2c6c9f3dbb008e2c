// Analysis & Learning (spec §2, optional): root cause and lesson learned with up to 3 clickable suggestions of the
// chosen type, and preventability 1-5.
import { Button, Group, NativeSelect, Stack, Text, Textarea } from '@mantine/core';
import { OOPS_LIMITS, PREVENTABILITY_LABELS } from '../../../common/domain/oops-options';
import { OOPS_FIELD_LABELS as L } from '../../../common/domain/oops-fields';
import { TEMPLATE_SUGGESTION_CAP, type IncidentTemplate } from '../../../common/domain/templates';
import { CollapsibleSection } from './collapsible-section';
import type { SetField } from './form-types';
import type { OopsFormState } from './oops-form-model';

const PREVENTABILITY_OPTIONS = [
  { value: '0', label: 'Not rated' },
  ...Object.entries(PREVENTABILITY_LABELS).map(([value, label]) => ({ value, label: `${value} - ${label}` })),
];

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
      <TextWithSuggestions
        label={L.root_cause}
        value={state.root_cause}
        onChange={(v) => set('root_cause', v)}
        suggestions={template?.root_causes ?? []}
      />
      <TextWithSuggestions
        label={L.lesson_learned}
        value={state.lesson_learned}
        onChange={(v) => set('lesson_learned', v)}
        suggestions={template?.lessons_learned ?? []}
      />
      <NativeSelect
        label={L.preventability}
        description="How preventable was it, from 1 to 5?"
        value={String(state.preventability)}
        data={PREVENTABILITY_OPTIONS}
        onChange={(e) => set('preventability', Number(e.currentTarget.value))}
      />
    </CollapsibleSection>
  );
}

function TextWithSuggestions({
  label,
  value,
  onChange,
  suggestions,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  suggestions: string[];
}) {
  const shown = suggestions.slice(0, TEMPLATE_SUGGESTION_CAP);
  return (
    <Stack gap={6}>
      <Textarea
        label={label}
        autosize
        minRows={2}
        value={value}
        maxLength={OOPS_LIMITS.textMax}
        onChange={(e) => onChange(e.currentTarget.value)}
      />
      {shown.length > 0 && (
        <Group gap={6} role="group" aria-label={`${label} suggestions`}>
          <Text size="xs" c="dimmed" component="span">
            Suggestions:
          </Text>
          {shown.map((s) => (
            <Button key={s} size="compact-xs" variant="light" onClick={() => onChange(s)}>
              {s}
            </Button>
          ))}
        </Group>
      )}
    </Stack>
  );
}
