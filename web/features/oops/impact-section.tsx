// Impact Assessment (docs/product.md §2, optional): the table's impact fields (users affected, systems impacted, downtime,
// detection method, owner, product or system, and a free-text impact, which the type's common impacts fill in).
import { SimpleGrid } from '@mantine/core';
import { fieldOptions, fieldSpec } from '../../../common/domain/oops-fields';
import type { IncidentTemplate } from '../../../common/domain/templates';
import { CollapsibleSection } from './collapsible-section';
import { FormInput } from './form-input';
import { asOptions, type SetField } from './form-types';
import { formFieldsIn, isTextField, type OopsFormState, type TextFormField } from './oops-form-model';

const FIELDS = formFieldsIn('impact').filter(isTextField);
const SHORT = FIELDS.filter((name) => fieldSpec(name).kind !== 'longText');
const LONG = FIELDS.filter((name) => fieldSpec(name).kind === 'longText');

interface ImpactSectionProps {
  state: OopsFormState;
  set: SetField;
  template: IncidentTemplate | undefined;
}

export function ImpactSection({ state, set, template }: ImpactSectionProps) {
  // The owner select offers the type's owners before the generic ones (docs/product.md §2).
  const owners = asOptions([
    ...new Set([...(template?.owners ?? []), ...fieldOptions('owner_name').map((o) => o.value)]),
  ]);
  const input = (name: TextFormField) =>
    name === 'owner_name' ? (
      <FormInput key={name} name={name} state={state} set={set} options={owners} emptyLabel="Not assigned" />
    ) : (
      <FormInput key={name} name={name} state={state} set={set} />
    );
  return (
    <CollapsibleSection
      title="Impact Assessment"
      hint="Optional: who and what was affected, and for how long."
    >
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        {SHORT.map(input)}
      </SimpleGrid>
      {LONG.map(input)}
    </CollapsibleSection>
  );
}
