// The detail page's other states (docs/product.md §2): not found, error, and the not-signed-in warning.
import { Alert, Button, Container, Stack, Text, Title } from '@mantine/core';
import { ArrowLeft } from 'lucide-react';
import { Link } from 'react-router';
import { OOPS_MESSAGES } from '../../../common/domain/oops-options';
import { OOPS_TEXTS } from '../../../common/domain/oops-texts';

function BackButton() {
  return (
    <Button component={Link} to="/oops" variant="light" leftSection={<ArrowLeft aria-hidden size={16} />}>
      {OOPS_TEXTS.backToList}
    </Button>
  );
}

export function OopsNotFoundView() {
  return (
    <Container size="sm" py="xl">
      <Stack gap="md" align="flex-start">
        <Title order={1}>{OOPS_MESSAGES.notFound}</Title>
        <Text>{OOPS_MESSAGES.notFoundText}</Text>
        <BackButton />
      </Stack>
    </Container>
  );
}

export function OopsErrorView({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <Container size="sm" py="xl">
      <Stack gap="md" align="flex-start">
        <Title order={1}>{OOPS_TEXTS.errorTitle}</Title>
        <Alert color="red" variant="outline" role="alert" w="100%">
          {message}
        </Alert>
        <Stack gap="xs" align="flex-start">
          <Button variant="default" onClick={onRetry}>
            Try again
          </Button>
          <BackButton />
        </Stack>
      </Stack>
    </Container>
  );
}

export function NotSignedInWarning() {
  return (
    <Alert color="yellow" variant="outline" role="alert" title="Not signed in">
      <Stack gap="xs" align="flex-start">
        <Text size="sm">{OOPS_TEXTS.notAuthenticated}</Text>
        <Button component={Link} to="/login" size="xs">
          Go to Login
        </Button>
      </Stack>
    </Alert>
  );
}
