import { useState } from 'react';
import { Button, Group, Paper, Stack, Text } from '@mantine/core';
import type { DisplayToken } from '../../../common/contracts/wall';
import { DISPLAY_TOKEN_PREFIX, WALL_TEXTS } from '../../../common/domain/wall';
import { RevokeDialog } from '../../components/revoke-dialog';
import { failureReason } from '../../lib/form-failure';
import { toastError, toastSuccess } from '../../lib/toast';
import { useRevokeDisplayToken } from './api/revoke-display-token';

const when = (iso: string) =>
  new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** The team's screens: name, hint, who made it and when, last use, and Revoke (after a confirmation). */
export function DisplayTokenList({ tokens }: { tokens: DisplayToken[] }) {
  const revoke = useRevokeDisplayToken();
  const [confirming, setConfirming] = useState<DisplayToken | null>(null);

  if (tokens.length === 0)
    return (
      <Text c="dimmed" size="sm">
        {WALL_TEXTS.empty}
      </Text>
    );

  const confirm = () => {
    if (!confirming) return;
    revoke.mutate(confirming.id, {
      onSuccess: () => toastSuccess(WALL_TEXTS.revoked),
      onError: (error) => toastError(`${WALL_TEXTS.revokeFailed} ${failureReason(error)}`),
      onSettled: () => setConfirming(null),
    });
  };

  return (
    <>
      <Stack
        gap="sm"
        component="ul"
        aria-label="Display tokens"
        style={{ listStyle: 'none', padding: 0, margin: 0 }}
      >
        {tokens.map((token) => (
          <Paper key={token.id} component="li" withBorder p="sm" radius="md">
            <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
              <Stack gap={4} style={{ minWidth: 0, flex: 1 }}>
                <Group gap="xs" wrap="wrap">
                  <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                    {token.name}
                  </Text>
                  <Text
                    size="sm"
                    c="dimmed"
                    ff="monospace"
                    aria-label={`Token ending in ${token.token_hint}`}
                  >
                    {DISPLAY_TOKEN_PREFIX}…{token.token_hint}
                  </Text>
                </Group>
                <Text size="xs" c="dimmed">
                  Made {when(token.created_at)}
                  {token.created_by ? ` by ${token.created_by}` : ''} ·{' '}
                  {token.last_used_at ? `Last used ${when(token.last_used_at)}` : WALL_TEXTS.neverUsed}
                </Text>
              </Stack>
              <Button
                variant="light"
                color="red"
                size="xs"
                onClick={() => setConfirming(token)}
                aria-label={`${WALL_TEXTS.revoke} ${token.name}`}
              >
                {WALL_TEXTS.revoke}
              </Button>
            </Group>
          </Paper>
        ))}
      </Stack>
      <RevokeDialog
        title="Revoke display token"
        text={confirming ? WALL_TEXTS.revokeConfirm(confirming.name) : ''}
        opened={confirming !== null}
        pending={revoke.isPending}
        onCancel={() => setConfirming(null)}
        onConfirm={confirm}
      />
    </>
  );
}
