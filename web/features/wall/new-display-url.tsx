import { ActionIcon, Alert, Code, CopyButton, Group, Text, Tooltip } from '@mantine/core';
import { Check, Copy, MonitorSmartphone } from 'lucide-react';
import type { CreatedDisplayToken } from '../../../common/contracts/wall';
import { WALL_TEXTS } from '../../../common/domain/wall';
import { displayUrl } from './display-token-storage';

const TEXT = { color: 'var(--mantine-color-text)' };

/** The new screen's URL, shown this once (it lives only in this component's props, never in the query cache). */
export function NewDisplayUrl({ token, onDismiss }: { token: CreatedDisplayToken; onDismiss: () => void }) {
  const url = displayUrl(token.token);
  return (
    <Alert
      color="yellow"
      variant="outline"
      // Mantine's yellow text is below 4.5:1 on white (axe: color-contrast): the words take the scheme's text colour.
      styles={{ title: TEXT, message: TEXT }}
      icon={<MonitorSmartphone size={18} aria-hidden />}
      title={`Display URL for “${token.name}”`}
      withCloseButton
      closeButtonLabel="I have opened or copied it; hide the URL"
      onClose={onDismiss}
      role="status"
    >
      <Text size="sm" fw={600} mb="xs">
        {WALL_TEXTS.copyOnce}
      </Text>
      <Group gap="xs" wrap="nowrap" align="center">
        <Code data-testid="new-display-url" style={{ overflowWrap: 'anywhere', flex: 1 }}>
          {url}
        </Code>
        <CopyButton value={url} timeout={2000}>
          {({ copied, copy }) => (
            <Tooltip label={copied ? WALL_TEXTS.copied : WALL_TEXTS.copy} withArrow>
              <ActionIcon
                variant="light"
                color={copied ? 'teal' : 'gray'}
                onClick={copy}
                aria-label={copied ? WALL_TEXTS.copied : WALL_TEXTS.copy}
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
