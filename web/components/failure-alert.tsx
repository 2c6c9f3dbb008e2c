import { Alert } from '@mantine/core';
import { failureReason } from '../lib/form-failure';

/** A failed call's alert: the spec's text as the title and the reason the user can act on below it; nothing without an error. */
export function FailureAlert({ title, error }: { title: string; error: unknown }) {
  if (!error) return null;
  return (
    <Alert color="red" variant="outline" role="alert" title={title}>
      {failureReason(error)}
    </Alert>
  );
}
