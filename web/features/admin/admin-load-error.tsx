import { Alert, Button, Stack, Text } from '@mantine/core';
import { RotateCcw } from 'lucide-react';
import { ApiError } from '../../lib/transport';

/** The spec's failure text as the title, what the server said below it, and a way to try again. */
export function AdminLoadError({
  title,
  error,
  onRetry,
}: {
  title: string;
  error: unknown;
  onRetry: () => void;
}) {
  return (
    <Alert color="red" variant="outline" role="alert" title={title}>
      <Stack gap="sm" align="flex-start">
        {error instanceof ApiError && <Text size="sm">{error.message}</Text>}
        <Button
          size="xs"
          variant="default"
          onClick={onRetry}
          leftSection={<RotateCcw size={14} aria-hidden />}
        >
          Try again
        </Button>
      </Stack>
    </Alert>
  );
}
