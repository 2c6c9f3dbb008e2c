import { useState, type FormEvent } from 'react';
import { Alert, Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { MailCheck } from 'lucide-react';
import { RECOVERY_MESSAGES, magicLinkBody } from '../../../common/contracts/recovery';
import { ACCOUNT_TEXTS } from '../../../common/domain/account-texts';
import { LIMITS } from '../../../common/domain/options';
import { SuccessAlert } from '../../components/success-alert';
import { toastError, toastSuccess } from '../../lib/toast';
import { ApiError } from '../../lib/transport';
import { useMagicLink } from './api/magic-link';
import { RememberCheckbox } from './remember-checkbox';

/** docs/product.md §8: throttling says what to do (the server's text); other refusals the spec's text; no answer: network. */
function failureText(error: unknown): string {
  if (error instanceof ApiError && error.kind === 'network') return ACCOUNT_TEXTS.networkErrorRetry;
  if (error instanceof ApiError && error.status === 429) return error.message;
  return RECOVERY_MESSAGES.magicLinkFailed;
}

interface MagicLinkFormProps {
  email: string;
  onEmailChange: (email: string) => void;
  /** Where the link's sign-in returns to; the dashboard when null. */
  returnTo: string | null;
  remember: boolean;
  onRememberChange: (remember: boolean) => void;
}

/**
 * Magic Link mode of the login screen (docs/product.md §2, §4). The 'sent' state lives here, so switching to Password mode
 * (which unmounts this form) resets it, as does 'try again'.
 */
export function MagicLinkForm(props: MagicLinkFormProps) {
  const { email, onEmailChange, returnTo, remember, onRememberChange } = props;
  const send = useMagicLink();
  const [name, setName] = useState('');
  const [emailError, setEmailError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFormError(null);
    const parsed = magicLinkBody.safeParse({
      email,
      name: name.trim() || undefined,
      ...(remember ? { remember: true } : {}),
      ...(returnTo ? { returnTo } : {}),
    });
    if (!parsed.success) {
      setEmailError(parsed.error.issues[0]?.message ?? 'Please enter a valid email address.');
      document.getElementById('magic-email')?.focus();
      return;
    }
    setEmailError(null);
    send.mutate(parsed.data, {
      onSuccess: () => {
        setSentTo(parsed.data.email);
        toastSuccess(RECOVERY_MESSAGES.magicLinkSent);
      },
      onError: (error) => {
        const text = failureText(error);
        toastError(text);
        setFormError(text);
      },
    });
  };

  const tryAgain = () => {
    setSentTo(null);
    send.reset();
    // The form replaces the message; put the keyboard where the user will type next.
    requestAnimationFrame(() => document.getElementById('magic-email')?.focus());
  };

  if (sentTo) {
    return (
      <Stack gap="md">
        <SuccessAlert icon={<MailCheck size={18} aria-hidden />} title={RECOVERY_MESSAGES.magicLinkSent}>
          <Stack gap={6}>
            <Text size="sm">
              We sent a sign-in link to <strong>{sentTo}</strong>. It works once and expires soon.
            </Text>
            <Text size="sm">{ACCOUNT_TEXTS.magicLinkSpamHint}</Text>
          </Stack>
        </SuccessAlert>
        <Text size="sm" ta="center">
          Didn&apos;t get it or used the wrong address?{' '}
          <Anchor component="button" type="button" onClick={tryAgain} inherit>
            try again
          </Anchor>
        </Text>
      </Stack>
    );
  }

  return (
    <form onSubmit={submit} noValidate aria-label="Send a magic link">
      <Stack gap="md">
        {formError && (
          <Alert color="red" variant="outline" role="alert" title="Could not send the link">
            {formError}
          </Alert>
        )}
        <TextInput
          id="magic-email"
          label="Email"
          type="email"
          autoComplete="email"
          required
          maxLength={LIMITS.emailMax}
          value={email}
          onChange={(event) => onEmailChange(event.currentTarget.value)}
          error={emailError}
          disabled={send.isPending}
        />
        <TextInput
          id="magic-name"
          label="Name (optional)"
          description="Used for your profile if this link creates your account."
          autoComplete="name"
          maxLength={LIMITS.nameMax}
          value={name}
          onChange={(event) => setName(event.currentTarget.value)}
          disabled={send.isPending}
        />
        <RememberCheckbox checked={remember} onChange={onRememberChange} disabled={send.isPending} />
        <Button type="submit" fullWidth disabled={send.isPending}>
          {send.isPending ? 'Sending...' : 'Send Magic Link'}
        </Button>
      </Stack>
    </form>
  );
}
