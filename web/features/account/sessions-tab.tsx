import { useState } from 'react';
import { Alert, Badge, Button, Group, Loader, Modal, Paper, Stack, Text, Title } from '@mantine/core';
import type { SignIn } from '../../../common/contracts/sessions';
import { SESSION_TEXTS } from '../../../common/domain/session-texts';
import { failureReason } from '../../lib/form-failure';
import { useSession } from '../../lib/session/use-session';
import { toastError, toastSuccess } from '../../lib/toast';
import { useEndAllSignIns, useEndSignIn, useSignIns } from './api/sessions';

const when = (iso: string) =>
  new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

const kindText = (signIn: SignIn) => (signIn.kind === 'device' ? 'Remembered device' : 'Browser session');

type Confirming = { kind: 'one'; signIn: SignIn } | { kind: 'all' } | null;

/**
 * Where the user is signed in (decision 033): remembered devices and browser sessions, this one marked, with
 * sign-out of one or of all. Signing out this one, or everywhere, signs this tab out too.
 */
export function SessionsTab() {
  const list = useSignIns();
  const endOne = useEndSignIn();
  const endAll = useEndAllSignIns();
  const { signOut } = useSession();
  const [confirming, setConfirming] = useState<Confirming>(null);
  const busy = endOne.isPending || endAll.isPending;

  const confirm = () => {
    if (!confirming) return;
    const fail = (error: unknown) => {
      toastError(`${SESSION_TEXTS.endFailed} ${failureReason(error)}`);
      setConfirming(null);
    };
    if (confirming.kind === 'all') {
      endAll.mutate(undefined, {
        onSuccess: () => {
          toastSuccess(SESSION_TEXTS.endedAll);
          void signOut();
        },
        onError: fail,
      });
      return;
    }
    const { signIn } = confirming;
    endOne.mutate(signIn, {
      onSuccess: () => {
        toastSuccess(SESSION_TEXTS.ended);
        setConfirming(null);
        if (signIn.current) void signOut();
      },
      onError: fail,
    });
  };

  return (
    <Stack gap="md">
      <div>
        <Title order={2} size="h3">
          Sessions and devices
        </Title>
        <Text size="sm" c="dimmed">
          Where your account is signed in. A remembered device opens new tabs without the sign-in form.
        </Text>
      </div>
      {list.isPending && <Loader size="sm" aria-label="Loading your sessions" />}
      {list.isError && (
        <Alert color="red" variant="outline" role="alert">
          {SESSION_TEXTS.listFailed}
        </Alert>
      )}
      {list.data && (
        <Stack
          gap="sm"
          component="ul"
          aria-label="Your sessions and devices"
          style={{ listStyle: 'none', padding: 0, margin: 0 }}
        >
          {list.data.map((signIn) => (
            <Paper key={`${signIn.kind}-${signIn.id}`} component="li" withBorder p="sm" radius="md">
              <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
                <Stack gap={4} style={{ minWidth: 0, flex: 1 }}>
                  <Group gap="xs" wrap="wrap">
                    <Text fw={600}>{signIn.device}</Text>
                    <Badge variant="light" size="sm" color={signIn.kind === 'device' ? 'blue' : 'gray'}>
                      {kindText(signIn)}
                    </Badge>
                    {signIn.current && (
                      <Badge variant="filled" size="sm" color="green.6" autoContrast>
                        This device
                      </Badge>
                    )}
                  </Group>
                  <Text size="xs" c="dimmed">
                    Signed in {when(signIn.created_at)} · Last used {when(signIn.last_used_at)}
                    {signIn.ip ? ` · ${signIn.ip}` : ''} · Ends {when(signIn.expires_at)}
                  </Text>
                </Stack>
                <Button
                  variant="light"
                  color="red"
                  size="xs"
                  onClick={() => setConfirming({ kind: 'one', signIn })}
                  aria-label={`Sign out ${signIn.device}${signIn.current ? ' (this device)' : ''}`}
                >
                  Sign out
                </Button>
              </Group>
            </Paper>
          ))}
        </Stack>
      )}
      <Group>
        <Button variant="outline" color="red" onClick={() => setConfirming({ kind: 'all' })}>
          Sign out everywhere
        </Button>
      </Group>
      <Modal
        opened={confirming !== null}
        onClose={busy ? () => {} : () => setConfirming(null)}
        title={confirming?.kind === 'all' ? 'Sign out everywhere' : 'Sign out'}
        closeButtonProps={{ 'aria-label': 'Close' }}
        centered
      >
        <Stack gap="md">
          <Text>
            {confirming?.kind === 'all'
              ? 'Every session and remembered device will be signed out, this one too.'
              : confirming?.signIn.current
                ? 'This device will be signed out, and so will this tab.'
                : `${confirming?.signIn.device ?? ''} will be signed out.`}
          </Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => setConfirming(null)} disabled={busy}>
              Cancel
            </Button>
            <Button color="red.9" onClick={confirm} loading={busy}>
              Sign out
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
