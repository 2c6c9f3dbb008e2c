// Impact Assessment (spec §2, optional): users affected, systems impacted, downtime, detection method, owner, plus
// the product/system and a free-text impact, which the type's common impacts fill in.
import { NativeSelect, SimpleGrid, TextInput, Textarea } from '@mantine/core';
import {
  DETECTION_METHODS,
  DOWNTIME_OPTIONS,
  GENERIC_OWNERS,
  OOPS_LIMITS,
  SYSTEMS_IMPACTED,
  USERS_AFFECTED,
} from '../../../common/domain/oops-options';
import { OOPS_FIELD_LABELS as L } from '../../../common/domain/oops-fields';
import type { IncidentTemplate } from '../../../common/domain/templates';
import { CollapsibleSection } from './collapsible-section';
import { withEmpty, type SetField } from './form-types';
import type { OopsFormState } from './oops-form-model';

interface ImpactSectionProps {
  state: OopsFormState;
  set: SetField;
  template: IncidentTemplate | undefined;
}

export function ImpactSection({ state, set, template }: ImpactSectionProps) {
  const owners = [...new Set([...(template?.owners ?? []), ...GENERIC_OWNERS])];
  return (
    <CollapsibleSection
      title="Impact Assessment"
      hint="Optional: who and what was affected, and for how long."
    >
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <NativeSelect
          label={L.users_affected}
          value={state.users_affected}
          data={withEmpty('Not specified', USERS_AFFECTED)}
          onChange={(e) => set('users_affected', e.currentTarget.value)}
        />
        <NativeSelect
          label={L.systems_impacted}
          value={state.systems_impacted}
          data={withEmpty('Not specified', SYSTEMS_IMPACTED)}
          onChange={(e) => set('systems_impacted', e.currentTarget.value)}
        />
        <NativeSelect
          label={L.downtime_hours}
          value={state.downtime_hours}
          data={DOWNTIME_OPTIONS.map((o) => ({ value: String(o.value), label: o.label }))}
          onChange={(e) => set('downtime_hours', e.currentTarget.value)}
        />
        <NativeSelect
          label={L.detection_method}
          value={state.detection_method}
          data={withEmpty('Not specified', DETECTION_METHODS)}
          onChange={(e) => set('detection_method', e.currentTarget.value)}
        />
        <NativeSelect
          label={L.owner_name}
          value={state.owner_name}
          data={withEmpty('Not assigned', owners)}
          onChange={(e) => set('owner_name', e.currentTarget.value)}
        />
        <TextInput
          label={L.product_system}
          value={state.product_system}
          maxLength={OOPS_LIMITS.shortTextMax}
          onChange={(e) => set('product_system', e.currentTarget.value)}
        />
      </SimpleGrid>
      <Textarea
        label={L.impact}
        autosize
        minRows={2}
        value={state.impact}
        maxLength={OOPS_LIMITS.textMax}
        onChange={(e) => set('impact', e.currentTarget.value)}
      />
    </CollapsibleSection>
  );
}
