import { Alert, Button, Stack, Text } from '@mantine/core';
import { MESSAGES } from '../../common/domain/messages';
import { errorMessage } from '../lib/transport';

/**
 * A list or section that could not load: the page's failure text as the title, what the server said (or the network
 * text) below it, and a button that asks again. One shape for every page that reads with TanStack Query.
 */
export function LoadErrorAlert({
  title,
  error,
  onRetry,
  retryLabel,
}: {
  title: string;
  error: unknown;
  onRetry: () => void;
  retryLabel: string;
}) {
  return (
    <Alert color="red" variant="outline" role="alert" title={title}>
      <Stack gap="xs" align="flex-start">
        <Text size="sm">{errorMessage(error, MESSAGES.networkError)}</Text>
        <Button size="xs" variant="light" onClick={onRetry}>
          {retryLabel}
        </Button>
      </Stack>
    </Alert>
  );
}
