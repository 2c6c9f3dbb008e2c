// The log form's "Report confidentially" option (decision 024): offered for a near-miss when the team allows it,
// with what stays hidden said next to it.
import { Checkbox } from '@mantine/core';
import { CONFIDENTIAL_TEXTS as T } from '../../../common/domain/confidential-texts';

export function ConfidentialOption({
  checked,
  onChange,
  disabled,
}: {
  checked: boolean;
  onChange: (checked: boolean) => void;
  disabled: boolean;
}) {
  return (
    <Checkbox
      id="oops-confidential"
      label={T.checkbox}
      description={T.checkboxDescription}
      checked={checked}
      disabled={disabled}
      onChange={(event) => onChange(event.currentTarget.checked)}
    />
  );
}
