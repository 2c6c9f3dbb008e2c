import { useState, type FormEvent } from 'react';
import { Button, Group, Paper, Stack, TextInput, Title } from '@mantine/core';
import { Send } from 'lucide-react';
import { inviteBody } from '../../../common/contracts/team';
import { ACCOUNT_TEXTS } from '../../../common/domain/account-texts';
import { LIMITS } from '../../../common/domain/options';
import { SuccessAlert } from '../../components/success-alert';
import { toastError, toastSuccess } from '../../lib/toast';
import { useInvite } from './api/invite';
import { fieldErrors } from '../../lib/form-failure';
import { FailureAlert } from '../../components/failure-alert';

type Field = 'email' | 'username';

/** Invite form of the Team Members tab (owners and admins, docs/product.md §2, §6). */
export function InviteForm() {
  const invite = useInvite();
  const [email, setEmail] = useState('');
  const [username, setUsername] = useState('');
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = inviteBody.safeParse({ email, username });
    if (!parsed.success) {
      const found = fieldErrors<Field>(parsed.error.issues);
      setErrors(found);
      document.getElementById(found.email ? 'invite-email' : 'invite-username')?.focus();
      return;
    }
    setErrors({});
    invite.mutate(
      { email: parsed.data.email, username: parsed.data.username ?? '' },
      {
        onSuccess: ({ message }) => {
          toastSuccess(message);
          setEmail('');
          setUsername('');
        },
        onError: () => toastError(ACCOUNT_TEXTS.inviteFailed),
      },
    );
  };

  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }} radius="md">
      <form onSubmit={submit} noValidate aria-labelledby="invite-title">
        <Stack gap="sm">
          <Title order={2} size="h4" id="invite-title">
            Invite a team member
          </Title>
          <FailureAlert title={ACCOUNT_TEXTS.inviteFailed} error={invite.error} />
          {invite.isSuccess && <SuccessAlert>{invite.data.message}</SuccessAlert>}
          <Group align="flex-start" grow preventGrowOverflow={false} wrap="wrap">
            <TextInput
              id="invite-email"
              label="Email"
              type="email"
              autoComplete="off"
              required
              maxLength={LIMITS.emailMax}
              value={email}
              onChange={(event) => setEmail(event.currentTarget.value)}
              error={errors.email}
              disabled={invite.isPending}
              miw={220}
            />
            <TextInput
              id="invite-username"
              label="Username"
              description="Optional: suggested for their sign-up"
              autoComplete="off"
              maxLength={LIMITS.usernameMax}
              value={username}
              onChange={(event) => setUsername(event.currentTarget.value)}
              error={errors.username}
              disabled={invite.isPending}
              miw={220}
            />
          </Group>
          <Group justify="flex-end">
            <Button type="submit" disabled={invite.isPending} leftSection={<Send size={16} aria-hidden />}>
              {invite.isPending ? 'Sending...' : 'Send Invitation'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
