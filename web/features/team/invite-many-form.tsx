import { useState, type FormEvent } from 'react';
import { Badge, Button, Group, List, Paper, Stack, Text, Textarea, Title } from '@mantine/core';
import { Send } from 'lucide-react';
import { INVITE_MANY_MAX, splitAddresses, type InviteOutcome } from '../../../common/contracts/team-members';
import { FailureAlert } from '../../components/failure-alert';
import { useInviteMany } from './api/invite-many';

const OUTCOME: Record<InviteOutcome, { label: string; color: string }> = {
  invited: { label: 'Invited', color: 'blue' },
  added: { label: 'Added', color: 'blue' },
  already_member: { label: 'Already a member', color: 'gray' },
  invalid: { label: 'Invalid', color: 'red' },
  failed: { label: 'Failed', color: 'red' },
};

/** Invites several addresses at once and says what happened to each (owners and admins, decision 035). */
export function InviteManyForm() {
  const invite = useInviteMany();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const emails = splitAddresses(text);
    const problem =
      emails.length === 0
        ? 'Enter at least one e-mail address.'
        : emails.length > INVITE_MANY_MAX
          ? `Invite at most ${INVITE_MANY_MAX} addresses at once.`
          : null;
    setError(problem);
    if (problem) {
      document.getElementById('invite-many-emails')?.focus();
      return;
    }
    invite.mutate(emails, {
      // What still needs attention stays in the box; the rest is done.
      onSuccess: ({ results }) =>
        setText(
          results
            .filter((r) => r.status === 'invalid' || r.status === 'failed')
            .map((r) => r.email)
            .join('\n'),
        ),
    });
  };

  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }} radius="md">
      <form onSubmit={submit} noValidate aria-labelledby="invite-many-title">
        <Stack gap="sm">
          <Title order={2} size="h4" id="invite-many-title">
            Invite several people
          </Title>
          <FailureAlert title="Failed to send invitations." error={invite.error} />
          <Textarea
            id="invite-many-emails"
            label="Addresses to invite"
            description={`One per line, or separated by commas; at most ${INVITE_MANY_MAX}.`}
            rows={4}
            value={text}
            onChange={(event) => setText(event.currentTarget.value)}
            error={error}
            disabled={invite.isPending}
          />
          <Group justify="flex-end">
            <Button type="submit" disabled={invite.isPending} leftSection={<Send size={16} aria-hidden />}>
              {invite.isPending ? 'Sending...' : 'Invite all'}
            </Button>
          </Group>
          {invite.isSuccess && (
            <div role="status">
              <Text size="sm" fw={500} mb={4}>
                Results
              </Text>
              <List
                size="sm"
                spacing={4}
                aria-label="Invitation results"
                listStyleType="none"
                withPadding={false}
              >
                {invite.data.results.map((r) => (
                  <List.Item key={r.email}>
                    <Group gap="xs" wrap="nowrap" align="flex-start">
                      <Badge color={OUTCOME[r.status].color} variant="light" style={{ flexShrink: 0 }}>
                        {OUTCOME[r.status].label}
                      </Badge>
                      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                        {r.email}
                        {r.status === 'failed' ? `: ${r.message}` : ''}
                      </Text>
                    </Group>
                  </List.Item>
                ))}
              </List>
            </div>
          )}
        </Stack>
      </form>
    </Paper>
  );
}
