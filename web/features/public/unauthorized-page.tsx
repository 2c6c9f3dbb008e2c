import { Button, Container, Stack, Title } from '@mantine/core';
import { Link } from 'react-router';
import { MESSAGES } from '../../../common/domain/messages';
import { usePageTitle } from '../../lib/use-page-title';

export function UnauthorizedPage() {
  usePageTitle('Unauthorized');
  return (
    <Container size="sm" py="xl">
      <Stack gap="md" align="flex-start">
        <Title order={1} size="h2">
          {MESSAGES.unauthorized}
        </Title>
        <Button component={Link} to="/dashboard" variant="default">
          Back to the dashboard
        </Button>
      </Stack>
    </Container>
  );
}
