import { useState } from 'react';
import { Stack, Text } from '@mantine/core';
import type { DisplayToken } from '../../../common/contracts/wall';
import { DISPLAY_TOKEN_PREFIX, WALL_TEXTS } from '../../../common/domain/wall';
import { RevokeDialog } from '../../components/revoke-dialog';
import { TokenCard } from '../../components/token-card';
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
          <TokenCard
            key={token.id}
            name={token.name}
            prefix={DISPLAY_TOKEN_PREFIX}
            hint={token.token_hint}
            revokeLabel={WALL_TEXTS.revoke}
            onRevoke={() => setConfirming(token)}
          >
            <Text size="xs" c="dimmed">
              Made {when(token.created_at)}
              {token.created_by ? ` by ${token.created_by}` : ''} ·{' '}
              {token.last_used_at ? `Last used ${when(token.last_used_at)}` : WALL_TEXTS.neverUsed}
            </Text>
          </TokenCard>
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
