// Loading and failure of the trends' calls, the same on the dashboard and in the report.
import { Alert, Button, Skeleton, Stack, VisuallyHidden } from '@mantine/core';
import { RotateCcw } from 'lucide-react';

export function TrendsLoading({ label, height = 240 }: { label: string; height?: number }) {
  return (
    <Stack role="status" gap="sm">
      <Skeleton height={height} />
      <VisuallyHidden>{label}</VisuallyHidden>
    </Stack>
  );
}

export function TrendsError({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <Alert color="red" variant="outline" role="alert" title={message}>
      <Button variant="default" size="xs" leftSection={<RotateCcw size={14} aria-hidden />} onClick={onRetry}>
        Try again
      </Button>
    </Alert>
  );
}
