import { Button, Container, Stack, Text, Title } from '@mantine/core';
import { isRouteErrorResponse, useRouteError } from 'react-router';

/**
 * Shown when a page throws or its code fails to load (for example after a deploy replaced the chunks).
 * It uses no session or router links so it also works when the root layout itself failed.
 */
export function RouteErrorPage() {
  const error = useRouteError();
  const detail = isRouteErrorResponse(error) ? `${error.status} ${error.statusText}` : null;
  return (
    <Container size="sm" py="xl">
      <Stack gap="md">
        <Title order={1}>Something went wrong</Title>
        <Text>
          This page could not be shown. Reloading usually helps; if it keeps happening, please contact us.
        </Text>
        {detail && <Text c="dimmed">{detail}</Text>}
        <div>
          <Button onClick={() => window.location.reload()}>Reload</Button>{' '}
          <Button component="a" href="/" variant="default">
            Go to the home page
          </Button>
        </div>
      </Stack>
    </Container>
  );
}
