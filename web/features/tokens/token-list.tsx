import { useState } from 'react';
import { Badge, Group, Stack, Text } from '@mantine/core';
import type { ApiToken } from '../../../common/contracts/tokens';
import { API_TOKEN_PREFIX, API_TOKEN_TEXTS } from '../../../common/domain/api-tokens';
import { RevokeDialog } from '../../components/revoke-dialog';
import { TokenCard } from '../../components/token-card';
import { failureReason } from '../../lib/form-failure';
import { toastError, toastSuccess } from '../../lib/toast';
import { useRevokeApiToken } from './api/revoke-token';

const when = (iso: string) =>
  new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

function expiry(token: ApiToken, now: number): { text: string; expired: boolean } {
  if (!token.expires_at) return { text: 'Never expires', expired: false };
  const expired = Date.parse(token.expires_at) <= now;
  return { text: `${expired ? API_TOKEN_TEXTS.expired : 'Expires'} ${when(token.expires_at)}`, expired };
}

/** The user's tokens: name, scopes, hint, dates in the viewer's time zone, and Revoke (after a confirmation). */
export function TokenList({ tokens }: { tokens: ApiToken[] }) {
  const revoke = useRevokeApiToken();
  const [confirming, setConfirming] = useState<ApiToken | null>(null);
  const now = Date.now();

  if (tokens.length === 0)
    return (
      <Text c="dimmed" size="sm">
        {API_TOKEN_TEXTS.empty}
      </Text>
    );

  const confirm = () => {
    if (!confirming) return;
    revoke.mutate(confirming.id, {
      onSuccess: () => {
        toastSuccess(API_TOKEN_TEXTS.revoked);
        setConfirming(null);
      },
      onError: (error) => {
        toastError(`${API_TOKEN_TEXTS.revokeFailed} ${failureReason(error)}`);
        setConfirming(null);
      },
    });
  };

  return (
    <>
      <Stack
        gap="sm"
        component="ul"
        aria-label="Your API tokens"
        style={{ listStyle: 'none', padding: 0, margin: 0 }}
      >
        {tokens.map((token) => {
          const expires = expiry(token, now);
          return (
            <TokenCard
              key={token.id}
              name={token.name}
              prefix={API_TOKEN_PREFIX}
              hint={token.token_hint}
              revokeLabel="Revoke"
              onRevoke={() => setConfirming(token)}
            >
              <Group gap={6}>
                {token.scopes.map((scope) => (
                  <Badge key={scope} variant="light" size="sm">
                    {scope}
                  </Badge>
                ))}
                {expires.expired && (
                  <Badge color="red" variant="light" size="sm">
                    {API_TOKEN_TEXTS.expired}
                  </Badge>
                )}
              </Group>
              <Text size="xs" c="dimmed">
                Created {when(token.created_at)} · {expires.text} · Last used{' '}
                {token.last_used_at ? when(token.last_used_at) : API_TOKEN_TEXTS.never.toLowerCase()}
              </Text>
            </TokenCard>
          );
        })}
      </Stack>
      <RevokeDialog
        title="Revoke API token"
        text={confirming ? API_TOKEN_TEXTS.revokeConfirm(confirming.name) : ''}
        opened={confirming !== null}
        pending={revoke.isPending}
        onCancel={() => setConfirming(null)}
        onConfirm={confirm}
      />
    </>
  );
}
