import type { ReactNode } from 'react';
import { ActionIcon, Alert, Code, CopyButton, Group, Text, Tooltip } from '@mantine/core';
import { Check, Copy } from 'lucide-react';

const TEXT = { color: 'var(--mantine-color-text)' };

/**
 * A secret shown this once (a new API token, a display URL), with a copy button. It lives only in the props of the
 * component that shows it, never in the query cache.
 */
export function OneTimeSecret({
  title,
  instruction,
  value,
  icon,
  testId,
  copyLabel,
  closeLabel,
  onDismiss,
}: {
  title: string;
  instruction: string;
  value: string;
  icon: ReactNode;
  testId: string;
  copyLabel: string;
  closeLabel: string;
  onDismiss: () => void;
}) {
  return (
    <Alert
      color="yellow"
      variant="outline"
      // Mantine's yellow text is below 4.5:1 on white (axe: color-contrast): the words take the scheme's text colour.
      styles={{ title: TEXT, message: TEXT }}
      icon={icon}
      title={title}
      withCloseButton
      closeButtonLabel={closeLabel}
      onClose={onDismiss}
      role="status"
    >
      <Text size="sm" fw={600} mb="xs">
        {instruction}
      </Text>
      <Group gap="xs" wrap="nowrap" align="center">
        <Code data-testid={testId} style={{ overflowWrap: 'anywhere', flex: 1 }}>
          {value}
        </Code>
        <CopyButton value={value} timeout={2000}>
          {({ copied, copy }) => (
            <Tooltip label={copied ? 'Copied' : copyLabel} withArrow>
              <ActionIcon
                variant="light"
                color={copied ? 'teal' : 'gray'}
                onClick={copy}
                aria-label={copied ? 'Copied' : copyLabel}
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
