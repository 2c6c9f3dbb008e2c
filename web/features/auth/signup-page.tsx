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
import { PageLoader } from '../../components/page-loader';
import { PasswordStrength } from '../../components/password-strength';
import { SuccessAlert } from '../../components/success-alert';
import { useSession } from '../../lib/session/use-session';
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
import { useSignupInvitation } from './use-signup-invitation';

const fieldId = (field: SignupField) => `signup-${field}`;
const INDUSTRY_OPTIONS = [
  { value: '', label: 'Select an industry' },
  ...INDUSTRIES.map((i) => ({ value: i, label: i })),
];

/** Where a successful sign-up goes: signed in through an invitation → /dashboard; otherwise sign in first. */
type Outcome = { message: string; next: '/dashboard' | '/login' };

export function SignupPage() {
  const navigate = useNavigate();
  const { signIn } = useSession();
  const register = useRegister();
  const invitation = useSignupInvitation();
  const invited = invitation.status === 'valid' ? invitation : null;
  usePageTitle(invited ? 'Join the team' : 'Create your account');
  const [values, setValues] = useState<SignupValues>(EMPTY_SIGNUP);
  const [errors, setErrors] = useState<SignupErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const busy = register.isPending || outcome !== null;

  // The invitation is bound to its e-mail, and the inviter may have suggested a username.
  const invitedEmail = invited?.invitation.email;
  const suggestedUsername = invited?.invitation.invitee_username;
  useEffect(() => {
    if (!invitedEmail) return;
    setValues((current) => ({
      ...current,
      email: invitedEmail,
      username: current.username || suggestedUsername || '',
    }));
  }, [invitedEmail, suggestedUsername]);

  // docs/product.md §2: after success, on after 2 s; cancelled if the user leaves first.
  useEffect(() => {
    if (!outcome) return;
    const timer = setTimeout(() => void navigate(outcome.next), TIMINGS.signupRedirectMs);
    return () => clearTimeout(timer);
  }, [outcome, navigate]);

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
    const found = validateSignup(values, { invited: invited !== null });
    setErrors(found);
    const first = firstInvalidField(found);
    if (first) {
      document.getElementById(fieldId(first))?.focus();
      return;
    }
    register.mutate(toRegisterBody(values, invited?.token), {
      onSuccess: (result) => {
        // docs/product.md §4: registration signs in only with an invitation and a token in the answer.
        if (invited && result.token) {
          signIn(result.token, result.user);
          setOutcome({ message: MESSAGES.signupInvitedSuccess, next: '/dashboard' });
          toastSuccess(MESSAGES.signupInvitedSuccess);
          return;
        }
        setOutcome({ message: MESSAGES.signupSuccess, next: '/login' });
        toastSuccess(MESSAGES.signupSuccess);
      },
      onError: (error) => {
        // docs/product.md §8: the server's text; 'Network error' without an answer; the form text for anything unreadable.
        const message =
          error instanceof ApiError && error.kind !== 'invalid-response'
            ? error.message
            : MESSAGES.registerFailed;
        toastError(message);
        setFormError(message);
      },
    });
  };

  if (invitation.status === 'checking') {
    return (
      <AuthCard title="Join the team" subtitle="Checking your invitation...">
        <PageLoader label="Checking your invitation" />
      </AuthCard>
    );
  }

  const title = invited ? 'Join the team' : 'Create your account';
  return (
    <AuthCard
      title={title}
      subtitle={
        invited
          ? `You've been invited to join ${invited.invitation.teamName}`
          : 'Start a board for your team: log oops, learn from them, and watch the streak grow.'
      }
    >
      <form onSubmit={submit} noValidate aria-label={title}>
        <Stack gap="md">
          {invitation.status === 'invalid' && (
            <Alert color="red" variant="outline" role="alert" title={invitation.message}>
              This invitation link cannot be used. You can still create an account with a team of your own, or
              ask your team for a new invitation.
            </Alert>
          )}
          {formError && (
            <Alert color="red" variant="outline" role="alert" title="Sign-up failed">
              {formError}
            </Alert>
          )}
          {outcome && <SuccessAlert>{outcome.message}</SuccessAlert>}
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
          {!invited && (
            <TextInput
              label="Team Name"
              autoComplete="organization"
              required
              maxLength={LIMITS.teamNameMax}
              {...text('teamName')}
            />
          )}
          <NativeSelect label="Industry" required data={INDUSTRY_OPTIONS} {...text('industry')} />
          <TextInput
            label="Email"
            type="email"
            autoComplete="email"
            required
            maxLength={LIMITS.emailMax}
            {...text('email')}
            // The invitation only works for the address it was sent to.
            readOnly={invited !== null}
            description={invited ? 'The invitation was sent to this address.' : undefined}
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
