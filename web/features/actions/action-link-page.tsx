// /actions/done?token=: where a reminder's "Mark done" link lands. It marks the action done without
// signing in (the link is the credential, once), then points to the incident and to My Actions.
import { Alert, Anchor, Container, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { CircleCheck } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import { MESSAGES } from '../../../common/domain/messages';
import { errorMessage } from '../../lib/transport';
import { usePageTitle } from '../../lib/use-page-title';
import { useActionLink } from './api/team-actions';

export function ActionLinkPage() {
  usePageTitle('Mark action done');
  const [params] = useSearchParams();
  const token = params.get('token');
  const link = useActionLink(token);

  return (
    <Container size="sm" py="xl">
      <Paper withBorder p="xl" radius="md">
        <Stack gap="md">
          <Title order={1} size="h2">
            Mark action done
          </Title>
          {!token ? (
            <Alert color="red" variant="outline" role="alert">
              This link is incomplete. Open the action from My Actions instead.
            </Alert>
          ) : link.isPending ? (
            <Group gap="sm" role="status">
              <Loader size="sm" aria-hidden />
              <Text>Marking the action done...</Text>
            </Group>
          ) : link.isError ? (
            <Alert color="red" variant="outline" role="alert" title="The action was not marked done">
              {errorMessage(link.error, MESSAGES.networkError)}
            </Alert>
          ) : (
            <Stack gap="xs" role="status">
              <Group gap="xs" wrap="nowrap">
                <CircleCheck aria-hidden color="var(--mantine-color-green-7)" />
                <Text fw={600}>
                  {link.data.already_done ? 'Already done: ' : 'Done: '}
                  {link.data.title}
                </Text>
              </Group>
              <Text>
                From the incident{' '}
                <Anchor component={Link} to={`/oops/${link.data.oops.id_slug}`}>
                  {link.data.oops.title}
                </Anchor>
                . Thank you for following through.
              </Text>
            </Stack>
          )}
          <Anchor component={Link} to="/actions">
            Go to My Actions
          </Anchor>
        </Stack>
      </Paper>
    </Container>
  );
}
