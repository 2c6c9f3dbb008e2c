// My Actions' "Did it hold?" (decision 048): the caller's done fixes whose day to check has come, each with Yes and
// No; No asks for a note (required) and reopens the action. The e-mail's link lands here (#did-it-hold).
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Button, Group, Paper, Stack, Text, Textarea, Title } from '@mantine/core';
import { Link, useLocation } from 'react-router';
import type { TeamAction } from '../../../common/contracts/actions';
import { ACTION_TEXTS } from '../../../common/domain/action-texts';
import { MESSAGES } from '../../../common/domain/messages';
import { VERIFICATION_LIMITS, VERIFICATION_TEXTS as T } from '../../../common/domain/verification';
import { LoadErrorAlert } from '../../components/load-error-alert';
import { formatDay } from '../../lib/format';
import { toastError, toastSuccess } from '../../lib/toast';
import { errorMessage } from '../../lib/transport';
import { useAnswerVerification, useDueChecks } from './api/verification';

export function DidItHoldSection() {
  const due = useDueChecks();
  const { hash } = useLocation();
  const loaded = due.isSuccess;
  // The e-mail's link (/actions#did-it-hold) lands on the section once it has its content.
  useEffect(() => {
    if (loaded && hash === '#did-it-hold') document.getElementById('did-it-hold')?.scrollIntoView();
  }, [loaded, hash]);
  return (
    <Stack gap="xs" component="section" id="did-it-hold" aria-labelledby="did-it-hold-title">
      <Title order={2} size="h3" id="did-it-hold-title">
        {T.sectionTitle}
      </Title>
      {due.isPending ? (
        <Text role="status">{T.sectionLoading}</Text>
      ) : due.isError ? (
        <LoadErrorAlert
          title={T.sectionFailed}
          error={due.error}
          onRetry={() => void due.refetch()}
          retryLabel={ACTION_TEXTS.tryAgain}
        />
      ) : due.data.actions.length === 0 ? (
        <Text c="dimmed">{T.sectionEmpty}</Text>
      ) : (
        <>
          <Text size="sm" c="dimmed">
            {T.sectionIntro}
          </Text>
          <Stack
            gap="xs"
            component="ul"
            p={0}
            m={0}
            style={{ listStyle: 'none' }}
            aria-label={T.sectionTitle}
          >
            {due.data.actions.map((action) => (
              <DueCheck key={action.id} action={action} />
            ))}
          </Stack>
        </>
      )}
    </Stack>
  );
}

function DueCheck({ action }: { action: TeamAction }) {
  const answer = useAnswerVerification();
  const [asking, setAsking] = useState(false);
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | undefined>();
  const noteRef = useRef<HTMLTextAreaElement>(null);
  useEffect(() => {
    if (asking) noteRef.current?.focus();
  }, [asking]);

  const send = (held: boolean) =>
    answer.mutate(
      { actionId: action.id, body: held ? { held } : { held, note: note.trim() } },
      {
        onSuccess: () => toastSuccess(held ? T.verifiedToast : T.failedToast),
        onError: (e) => toastError(errorMessage(e, MESSAGES.networkError)),
      },
    );
  const submitNo = (event: FormEvent) => {
    event.preventDefault();
    if (!note.trim()) {
      setError(T.noteRequired);
      noteRef.current?.focus();
      return;
    }
    send(false);
  };
  const busy = answer.isPending;

  return (
    <Paper component="li" withBorder p="sm" radius="md" data-testid="due-check">
      <Stack gap={6}>
        <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
          {action.title}
        </Text>
        {action.verification_check && (
          <Text size="sm">
            {T.checkLabel}: {action.verification_check}
          </Text>
        )}
        <Text size="sm" c="dimmed">
          {action.verify_on && T.checkOn(formatDay(action.verify_on))} · {ACTION_TEXTS.incident}:{' '}
          <Link to={`/oops/${action.oops.id_slug}`}>{action.oops.title}</Link>
        </Text>
        {asking ? (
          <form onSubmit={submitNo} aria-label={`${T.question} ${action.title}`} noValidate>
            <Stack gap="xs">
              <Textarea
                ref={noteRef}
                label={T.noteLabel}
                required
                autosize
                minRows={2}
                maxLength={VERIFICATION_LIMITS.noteMax}
                value={note}
                error={error}
                onChange={(e) => {
                  setNote(e.currentTarget.value);
                  setError(undefined);
                }}
              />
              <Group gap="xs">
                <Button type="submit" color="red" variant="light" size="xs" loading={busy}>
                  {T.sendNo}
                </Button>
                <Button variant="subtle" size="xs" onClick={() => setAsking(false)} disabled={busy}>
                  {T.cancel}
                </Button>
              </Group>
            </Stack>
          </form>
        ) : (
          <Group gap="xs" role="group" aria-label={`${T.question} ${action.title}`}>
            <Button size="xs" loading={busy} onClick={() => send(true)}>
              {T.yes}
            </Button>
            <Button size="xs" variant="default" disabled={busy} onClick={() => setAsking(true)}>
              {T.no}
            </Button>
          </Group>
        )}
      </Stack>
    </Paper>
  );
}
