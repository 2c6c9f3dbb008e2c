import type { ReactNode } from 'react';
import { Button, Group, Paper, Stack, Text } from '@mantine/core';

interface TokenCardProps {
  name: string;
  /** The token's prefix and the last characters it is recognised by (the rest is never shown again). */
  prefix: string;
  hint: string;
  /** Lines under the name: scopes, when it was made and last used. */
  children: ReactNode;
  revokeLabel: string;
  onRevoke: () => void;
}

/** One token in a list of them (API tokens, display tokens): its name, its hint, its details and a revoke button. */
export function TokenCard({ name, prefix, hint, children, revokeLabel, onRevoke }: TokenCardProps) {
  return (
    <Paper component="li" withBorder p="sm" radius="md">
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
        <Stack gap={4} style={{ minWidth: 0, flex: 1 }}>
          <Group gap="xs" wrap="wrap">
            <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
              {name}
            </Text>
            <Text size="sm" c="dimmed" ff="monospace" aria-label={`Token ending in ${hint}`}>
              {prefix}…{hint}
            </Text>
          </Group>
          {children}
        </Stack>
        <Button
          variant="light"
          color="red"
          size="xs"
          onClick={onRevoke}
          aria-label={`${revokeLabel} ${name}`}
        >
          {revokeLabel}
        </Button>
      </Group>
    </Paper>
  );
}
