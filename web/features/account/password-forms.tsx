import { useState, type FormEvent } from 'react';
import { Button, Group, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { changePasswordBody, setPasswordBody } from '../../../common/contracts/account';
import { MESSAGES } from '../../../common/domain/messages';
import { LIMITS } from '../../../common/domain/options';
import { SuccessAlert } from '../../components/success-alert';
import { toastError, toastSuccess } from '../../lib/toast';
import { useChangePassword } from './api/change-password';
import { useSetPassword } from './api/set-password';
import { fieldErrors } from '../../lib/form-failure';
import { FailureAlert } from '../../components/failure-alert';

const HINT = `At least ${LIMITS.passwordMin} characters.`;

interface PasswordFieldProps {
  id: string;
  label: string;
  autoComplete: string;
  value: string;
  onValue: (value: string) => void;
  error?: string;
  disabled: boolean;
  description?: string;
}

/** One password input of these forms: required, capped at the server's maximum, with its field error. */
function PasswordField({
  id,
  label,
  autoComplete,
  value,
  onValue,
  error,
  disabled,
  description,
}: PasswordFieldProps) {
  return (
    <PasswordInput
      id={id}
      label={label}
      description={description}
      autoComplete={autoComplete}
      required
      maxLength={LIMITS.passwordMax}
      value={value}
      onChange={(event) => onValue(event.currentTarget.value)}
      error={error}
      disabled={disabled}
    />
  );
}

type SetField = 'password' | 'confirmPassword';

export function SetPasswordForm() {
  const setPassword = useSetPassword();
  const [values, setValues] = useState<Record<SetField, string>>({ password: '', confirmPassword: '' });
  const [errors, setErrors] = useState<Partial<Record<SetField, string>>>({});

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = setPasswordBody.safeParse(values);
    if (!parsed.success) {
      const found = fieldErrors<SetField>(parsed.error.issues);
      setErrors(found);
      document.getElementById(found.password ? 'set-password' : 'set-confirm')?.focus();
      return;
    }
    setErrors({});
    setPassword.mutate(parsed.data, { onError: () => toastError(MESSAGES.passwordSetFailed) });
  };

  const input = (field: SetField, id: string, label: string, description?: string) => (
    <PasswordField
      id={id}
      label={label}
      description={description}
      autoComplete="new-password"
      value={values[field]}
      onValue={(value) => setValues((current) => ({ ...current, [field]: value }))}
      error={errors[field]}
      disabled={setPassword.isPending}
    />
  );

  return (
    <form onSubmit={submit} noValidate aria-labelledby="set-password-title">
      <Stack gap="md">
        <div>
          <Title order={2} size="h4" id="set-password-title">
            Set Password
          </Title>
          <Text size="sm" c="dimmed">
            You sign in with e-mailed links. Set a password to sign in with it too.
          </Text>
        </div>
        <FailureAlert title={MESSAGES.passwordSetFailed} error={setPassword.error} />
        {input('password', 'set-password', 'New Password', HINT)}
        {input('confirmPassword', 'set-confirm', 'Confirm Password')}
        <Group justify="flex-end">
          <Button type="submit" disabled={setPassword.isPending}>
            {setPassword.isPending ? 'Saving...' : 'Set Password'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

type ChangeField = 'currentPassword' | 'newPassword' | 'confirmPassword';
const EMPTY_CHANGE: Record<ChangeField, string> = {
  currentPassword: '',
  newPassword: '',
  confirmPassword: '',
};
const CHANGE_IDS: Record<ChangeField, string> = {
  currentPassword: 'change-current',
  newPassword: 'change-new',
  confirmPassword: 'change-confirm',
};

export function ChangePasswordForm() {
  const change = useChangePassword();
  const [values, setValues] = useState(EMPTY_CHANGE);
  const [errors, setErrors] = useState<Partial<Record<ChangeField, string>>>({});

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = changePasswordBody.safeParse(values);
    if (!parsed.success) {
      const found = fieldErrors<ChangeField>(parsed.error.issues);
      setErrors(found);
      const first = (Object.keys(CHANGE_IDS) as ChangeField[]).find((f) => found[f]);
      if (first) document.getElementById(CHANGE_IDS[first])?.focus();
      return;
    }
    setErrors({});
    change.mutate(parsed.data, {
      onSuccess: () => {
        toastSuccess(MESSAGES.passwordChanged);
        setValues(EMPTY_CHANGE);
      },
      onError: () => toastError(MESSAGES.passwordChangeFailed),
    });
  };

  const input = (field: ChangeField, label: string, autoComplete: string, description?: string) => (
    <PasswordField
      id={CHANGE_IDS[field]}
      label={label}
      description={description}
      autoComplete={autoComplete}
      value={values[field]}
      onValue={(value) => setValues((current) => ({ ...current, [field]: value }))}
      error={errors[field]}
      disabled={change.isPending}
    />
  );

  return (
    <form onSubmit={submit} noValidate aria-labelledby="change-password-title">
      <Stack gap="md">
        <div>
          <Title order={2} size="h4" id="change-password-title">
            Change Password
          </Title>
          <Text size="sm" c="dimmed">
            Changing your password signs you out everywhere else.
          </Text>
        </div>
        <FailureAlert title={MESSAGES.passwordChangeFailed} error={change.error} />
        {change.isSuccess && <SuccessAlert>{MESSAGES.passwordChanged}</SuccessAlert>}
        {input('currentPassword', 'Current Password', 'current-password')}
        {input('newPassword', 'New Password', 'new-password', HINT)}
        {input('confirmPassword', 'Confirm New Password', 'new-password')}
        <Group justify="flex-end">
          <Button type="submit" disabled={change.isPending}>
            {change.isPending ? 'Saving...' : 'Change Password'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
