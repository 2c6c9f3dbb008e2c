import { useState, type FormEvent } from 'react';
import { Alert, Anchor, Button, Group, PasswordInput, Stack, TextInput } from '@mantine/core';
import { Link, useNavigate } from 'react-router';
import { loginBody } from '../../../common/contracts/auth';
import { MESSAGES } from '../../../common/domain/messages';
import { SuccessAlert } from '../../components/success-alert';
import { useSession } from '../../lib/session/use-session';
import { toastError, toastSuccess } from '../../lib/toast';
import { ApiError } from '../../lib/transport';
import { afterSignIn } from '../../lib/session/return-to';
import { useLogin } from './api/login';
import { RememberCheckbox } from './remember-checkbox';

type FieldErrors = Partial<Record<'email' | 'password', string>>;

/** The inline text of docs/product.md §8: the form text for bad credentials, otherwise what the server or transport said. */
function inlineError(error: unknown): string {
  if (error instanceof ApiError) return error.status === 401 ? MESSAGES.invalidCredentials : error.message;
  return MESSAGES.networkError;
}

interface PasswordLoginFormProps {
  email: string;
  onEmailChange: (email: string) => void;
  /** Where signing in returns to; the dashboard when null. */
  returnTo: string | null;
  remember: boolean;
  onRememberChange: (remember: boolean) => void;
}

/** Password mode of the login screen (docs/product.md §2). */
export function PasswordLoginForm(props: PasswordLoginFormProps) {
  const { email, onEmailChange, returnTo, remember, onRememberChange } = props;
  const navigate = useNavigate();
  const { signIn } = useSession();
  const login = useLogin();
  const [password, setPassword] = useState('');
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [succeeded, setSucceeded] = useState(false);
  const busy = login.isPending || succeeded;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFormError(null);
    const parsed = loginBody.safeParse({ email, password });
    if (!parsed.success) {
      const errors: FieldErrors = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0];
        if ((field === 'email' || field === 'password') && !errors[field]) errors[field] = issue.message;
      }
      setFieldErrors(errors);
      document.getElementById(errors.email ? 'login-email' : 'login-password')?.focus();
      return;
    }
    setFieldErrors({});
    login.mutate(remember ? { ...parsed.data, remember: true } : parsed.data, {
      onSuccess: ({ token, user }) => {
        setSucceeded(true);
        toastSuccess(MESSAGES.loginSuccess);
        signIn(token, user);
        void navigate(afterSignIn(returnTo));
      },
      onError: (error) => {
        const text = error instanceof ApiError ? error.message : MESSAGES.networkError;
        toastError(text);
        setFormError(inlineError(error));
      },
    });
  };

  return (
    <form onSubmit={submit} noValidate aria-label="Sign in">
      <Stack gap="md">
        {formError && (
          <Alert color="red" variant="outline" role="alert" title="Sign-in failed">
            {formError}
          </Alert>
        )}
        {succeeded && <SuccessAlert>{MESSAGES.loginSuccess}</SuccessAlert>}
        <TextInput
          id="login-email"
          label="Email"
          type="email"
          autoComplete="email"
          required
          value={email}
          onChange={(event) => onEmailChange(event.currentTarget.value)}
          error={fieldErrors.email}
          disabled={busy}
        />
        <Stack gap={4}>
          <PasswordInput
            id="login-password"
            label="Password"
            autoComplete="current-password"
            required
            value={password}
            onChange={(event) => setPassword(event.currentTarget.value)}
            error={fieldErrors.password}
            disabled={busy}
          />
          <Group justify="flex-end">
            <Anchor component={Link} to="/password-reset" size="sm">
              Forgot your password?
            </Anchor>
          </Group>
        </Stack>
        <RememberCheckbox checked={remember} onChange={onRememberChange} disabled={busy} />
        <Button type="submit" fullWidth disabled={busy}>
          {login.isPending ? 'Signing in...' : 'Sign In'}
        </Button>
      </Stack>
    </form>
  );
}
