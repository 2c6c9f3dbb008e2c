// Sign-up checks of docs/product.md §5, run before anything is sent. Field rules come from the same contract the server
// validates with, so both sides say the same thing; the password, confirm and terms texts are the spec's.
import { industryField, nameField, teamNameField, usernameField } from '../../../common/contracts/auth';
import type { RegisterBody } from '../../../common/contracts/auth';
import { emailField } from '../../../common/contracts/common';
import { MESSAGES } from '../../../common/domain/messages';
import { signupPasswordError } from '../../../common/domain/password';

export interface SignupValues {
  name: string;
  username: string;
  teamName: string;
  industry: string;
  email: string;
  password: string;
  confirmPassword: string;
  acceptTerms: boolean;
}

export type SignupField = keyof SignupValues;
export type SignupErrors = Partial<Record<SignupField, string>>;

/** Form order, so the first invalid field can take focus. */
export const SIGNUP_FIELDS: readonly SignupField[] = [
  'name',
  'username',
  'teamName',
  'industry',
  'email',
  'password',
  'confirmPassword',
  'acceptTerms',
];

export const EMPTY_SIGNUP: SignupValues = {
  name: '',
  username: '',
  teamName: '',
  industry: '',
  email: '',
  password: '',
  confirmPassword: '',
  acceptTerms: false,
};

function firstIssue(result: {
  success: boolean;
  error?: { issues: { message: string }[] };
}): string | undefined {
  return result.success ? undefined : result.error?.issues[0]?.message;
}

export function validateSignup(values: SignupValues, { invited = false } = {}): SignupErrors {
  const errors: SignupErrors = {
    name: firstIssue(nameField.safeParse(values.name)),
    username: firstIssue(usernameField.safeParse(values.username)),
    teamName: invited ? undefined : firstIssue(teamNameField.safeParse(values.teamName)),
    industry: firstIssue(industryField.safeParse(values.industry)),
    email: firstIssue(emailField.safeParse(values.email)),
    password: signupPasswordError(values.password) ?? undefined,
    confirmPassword:
      values.confirmPassword !== values.password ? MESSAGES.passwordsMismatchSignup : undefined,
    acceptTerms: values.acceptTerms ? undefined : MESSAGES.termsRequired,
  };
  return Object.fromEntries(Object.entries(errors).filter(([, message]) => message !== undefined));
}

export function firstInvalidField(errors: SignupErrors): SignupField | undefined {
  return SIGNUP_FIELDS.find((field) => errors[field] !== undefined);
}

/**
 * The register payload; call only after validateSignup returned no errors (industry is then a known value).
 * With an invitation the team is the inviter's, so no team name is sent, only the token.
 */
export function toRegisterBody(values: SignupValues, invitationToken?: string): RegisterBody {
  const common = {
    name: values.name.trim(),
    username: values.username.trim(),
    industry: values.industry as RegisterBody['industry'],
    email: values.email.trim(),
    password: values.password,
  };
  return invitationToken ? { ...common, invitationToken } : { ...common, teamName: values.teamName.trim() };
}
