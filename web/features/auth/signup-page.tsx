import { useEffect, useState, type FormEvent } from 'react';
import {
  Alert,
  Anchor,
  Button,
  Checkbox,
  NativeSelect,
  PasswordInput,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { Link, useNavigate } from 'react-router';
import { MESSAGES } from '../../../common/domain/messages';
import { INDUSTRIES, LIMITS, TIMINGS } from '../../../common/domain/options';
import { PasswordStrength } from '../../components/password-strength';
import { toastError, toastSuccess } from '../../lib/toast';
import { ApiError } from '../../lib/transport';
import { usePageTitle } from '../../lib/use-page-title';
import { useRegister } from './api/register';
import { AuthCard } from './auth-card';
import {
  EMPTY_SIGNUP,
  firstInvalidField,
  toRegisterBody,
  validateSignup,
  type SignupErrors,
  type SignupField,
  type SignupValues,
} from './signup-validation';
import { TermsCheckboxLabel } from './terms-checkbox-label';

const fieldId = (field: SignupField) => `signup-${field}`;
const INDUSTRY_OPTIONS = [
  { value: '', label: 'Select an industry' },
  ...INDUSTRIES.map((i) => ({ value: i, label: i })),
];

export function SignupPage() {
  usePageTitle('Create your account');
  const navigate = useNavigate();
  const register = useRegister();
  const [values, setValues] = useState<SignupValues>(EMPTY_SIGNUP);
  const [errors, setErrors] = useState<SignupErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [succeeded, setSucceeded] = useState(false);
  const busy = register.isPending || succeeded;

  // Spec §2: after success, on to /login after 2 s; cancelled if the user leaves first.
  useEffect(() => {
    if (!succeeded) return;
    const timer = setTimeout(() => void navigate('/login'), TIMINGS.signupRedirectMs);
    return () => clearTimeout(timer);
  }, [succeeded, navigate]);

  const set = <K extends SignupField>(field: K, value: SignupValues[K]) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };
  const text = (field: Exclude<SignupField, 'acceptTerms'>) => ({
    id: fieldId(field),
    value: values[field],
    error: errors[field],
    disabled: busy,
    onChange: (event: { currentTarget: { value: string } }) => set(field, event.currentTarget.value),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFormError(null);
    const found = validateSignup(values);
    setErrors(found);
    const first = firstInvalidField(found);
    if (first) {
      document.getElementById(fieldId(first))?.focus();
      return;
    }
    register.mutate(toRegisterBody(values), {
      onSuccess: () => {
        setSucceeded(true);
        toastSuccess(MESSAGES.signupSuccess);
      },
      onError: (error) => {
        // Spec §8: the server's text; 'Network error' without an answer; the form text for anything unreadable.
        const message =
          error instanceof ApiError && error.kind !== 'invalid-response'
            ? error.message
            : MESSAGES.registerFailed;
        toastError(message);
        setFormError(message);
      },
    });
  };

  return (
    <AuthCard
      title="Create your account"
      subtitle="Start a board for your team: log oops, learn from them, and watch the streak grow."
    >
      <form onSubmit={submit} noValidate aria-label="Create your account">
        <Stack gap="md">
          {formError && (
            <Alert color="red" variant="outline" role="alert" title="Sign-up failed">
              {formError}
            </Alert>
          )}
          {succeeded && (
            <Alert color="green" variant="outline" role="status">
              {MESSAGES.signupSuccess}
            </Alert>
          )}
          <TextInput
            label="Full Name"
            autoComplete="name"
            required
            maxLength={LIMITS.nameMax}
            {...text('name')}
          />
          <TextInput
            label="Username"
            description={`${LIMITS.usernameMin}-${LIMITS.usernameMax} letters or numbers`}
            autoComplete="username"
            required
            maxLength={LIMITS.usernameMax}
            {...text('username')}
          />
          <TextInput
            label="Team Name"
            autoComplete="organization"
            required
            maxLength={LIMITS.teamNameMax}
            {...text('teamName')}
          />
          <NativeSelect label="Industry" required data={INDUSTRY_OPTIONS} {...text('industry')} />
          <TextInput
            label="Email"
            type="email"
            autoComplete="email"
            required
            maxLength={LIMITS.emailMax}
            {...text('email')}
          />
          <Stack gap="xs">
            <PasswordInput
              label="Password"
              autoComplete="new-password"
              required
              maxLength={LIMITS.passwordMax}
              {...text('password')}
            />
            <PasswordStrength password={values.password} id="signup-password-strength" />
          </Stack>
          <PasswordInput
            label="Confirm Password"
            autoComplete="new-password"
            required
            maxLength={LIMITS.passwordMax}
            {...text('confirmPassword')}
          />
          <Checkbox
            id={fieldId('acceptTerms')}
            label={<TermsCheckboxLabel />}
            checked={values.acceptTerms}
            onChange={(event) => set('acceptTerms', event.currentTarget.checked)}
            error={errors.acceptTerms}
            disabled={busy}
          />
          <Button type="submit" fullWidth disabled={busy}>
            {register.isPending ? 'Creating account...' : 'Create account'}
          </Button>
          <Text size="sm" ta="center">
            Already have an account?{' '}
            <Anchor component={Link} to="/login">
              Sign in
            </Anchor>
          </Text>
        </Stack>
      </form>
    </AuthCard>
  );
}
