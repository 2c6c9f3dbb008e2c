// The signing secret of a new webhook, shown once: the server never answers it again.
import { Button, Code, CopyButton, Group, Stack, Text } from '@mantine/core';
import { SuccessAlert } from '../../components/success-alert';
import type { CreatedWebhook } from '../../../common/contracts/webhooks';

export function SecretReveal({ webhook, onDone }: { webhook: CreatedWebhook; onDone: () => void }) {
  return (
    <SuccessAlert title="Webhook added: copy its signing secret now">
      <Stack gap="xs">
        <Text size="sm">
          {webhook.kind === 'slack'
            ? 'Slack does not check signatures, but keep the secret in case you switch to a generic receiver.'
            : 'Receivers verify the webhook-signature header with this secret.'}{' '}
          It is shown only this once.
        </Text>
        <Code block data-testid="webhook-secret" style={{ wordBreak: 'break-all' }}>
          {webhook.secret}
        </Code>
        <Group>
          <CopyButton value={webhook.secret}>
            {({ copied, copy }) => (
              <Button size="xs" color={copied ? 'teal.9' : 'blue.8'} onClick={copy}>
                {copied ? 'Copied' : 'Copy secret'}
              </Button>
            )}
          </CopyButton>
          <Button size="xs" variant="default" onClick={onDone}>
            Done
          </Button>
        </Group>
      </Stack>
    </SuccessAlert>
  );
}
