// /unsubscribe?token=: where the "Unsubscribe" link of a digest or reminder e-mail lands. It works signed
// out (the signed link is the credential), says what was turned off, and points to the profile to turn it back on.
import { Alert, Anchor, Button, Container, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { CircleCheck } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import { MESSAGES } from '../../../common/domain/messages';
import { UNSUBSCRIBE_TEXTS as T } from '../../../common/domain/digest-texts';
import { errorMessage } from '../../lib/transport';
import { usePageTitle } from '../../lib/use-page-title';
import { useUnsubscribe } from './api/unsubscribe';

const PROFILE = '/profile?tab=notifications';

export function UnsubscribePage() {
  usePageTitle(T.pageTitle);
  const [params] = useSearchParams();
  const token = params.get('token');
  const result = useUnsubscribe(token);

  return (
    <Container size="sm" py="xl">
      <Paper withBorder p="xl" radius="md">
        <Stack gap="md">
          <Title order={1} size="h2">
            {T.pageTitle}
          </Title>
          {!token ? (
            <Alert color="red" variant="outline" role="alert">
              {T.missingToken}
            </Alert>
          ) : result.isPending ? (
            <Group gap="sm" role="status">
              <Loader size="sm" aria-hidden />
              <Text>{T.working}</Text>
            </Group>
          ) : result.isError ? (
            <Alert color="red" variant="outline" role="alert" title={T.failed}>
              <Stack gap="xs" align="flex-start">
                <Text size="sm">{errorMessage(result.error, MESSAGES.networkError)}</Text>
                {/* A 400 is final; a network failure may pass. */}
                <Button size="xs" variant="light" onClick={() => void result.refetch()}>
                  {T.tryAgain}
                </Button>
              </Stack>
            </Alert>
          ) : (
            <Stack gap="xs" role="status">
              <Group gap="xs" wrap="nowrap">
                <CircleCheck aria-hidden color="var(--mantine-color-green-7)" />
                <Text fw={600}>{result.data.message}</Text>
              </Group>
              <Text>{T.undo}</Text>
            </Stack>
          )}
          <Anchor component={Link} to={PROFILE}>
            {T.openProfile}
          </Anchor>
        </Stack>
      </Paper>
    </Container>
  );
}
