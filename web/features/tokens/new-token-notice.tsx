import { ActionIcon, Alert, Code, CopyButton, Group, Text, Tooltip } from '@mantine/core';
import { Check, Copy, KeyRound } from 'lucide-react';
import type { CreatedApiToken } from '../../../common/contracts/tokens';
import { API_TOKEN_TEXTS } from '../../../common/domain/api-tokens';

const TEXT = { color: 'var(--mantine-color-text)' };

/** The new token's secret, shown this once (it lives only in this component's props, never in the query cache). */
export function NewTokenNotice({ token, onDismiss }: { token: CreatedApiToken; onDismiss: () => void }) {
  return (
    <Alert
      color="yellow"
      variant="outline"
      // Mantine's yellow text is below 4.5:1 on white (axe: color-contrast): the words take the scheme's text colour.
      styles={{ title: TEXT, message: TEXT }}
      icon={<KeyRound size={18} aria-hidden />}
      title={`Your new token “${token.name}”`}
      withCloseButton
      closeButtonLabel="I have copied it; hide the token"
      onClose={onDismiss}
      role="status"
    >
      <Text size="sm" fw={600} mb="xs">
        {API_TOKEN_TEXTS.copyOnce}
      </Text>
      <Group gap="xs" wrap="nowrap" align="center">
        <Code data-testid="new-token" style={{ overflowWrap: 'anywhere', flex: 1 }}>
          {token.token}
        </Code>
        <CopyButton value={token.token} timeout={2000}>
          {({ copied, copy }) => (
            <Tooltip label={copied ? 'Copied' : 'Copy token'} withArrow>
              <ActionIcon
                variant="light"
                color={copied ? 'teal' : 'gray'}
                onClick={copy}
                aria-label={copied ? 'Copied' : 'Copy token'}
              >
                {copied ? <Check size={16} aria-hidden /> : <Copy size={16} aria-hidden />}
              </ActionIcon>
            </Tooltip>
          )}
        </CopyButton>
      </Group>
    </Alert>
  );
}
