import { Checkbox } from '@mantine/core';
import { SESSION_TEXTS } from '../../../common/domain/session-texts';

interface RememberCheckboxProps {
  checked: boolean;
  onChange: (checked: boolean) => void;
  disabled?: boolean;
}

/** "Keep me signed in on this device" (decision 033): new tabs then get a session without the form. */
export function RememberCheckbox({ checked, onChange, disabled }: RememberCheckboxProps) {
  return (
    <Checkbox
      label={SESSION_TEXTS.rememberMe}
      description={SESSION_TEXTS.rememberHint}
      checked={checked}
      onChange={(event) => onChange(event.currentTarget.checked)}
      disabled={disabled}
    />
  );
}
