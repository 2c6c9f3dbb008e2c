// Settings → Notifications: the e-mails OopsBoard sends on its own, each one switch, saved at once. Headed like the
// settings area's other sub-pages: a titled section (h2) under the area's h1.
import type { ReactNode } from 'react';
import { Alert, Button, Paper, Stack, Switch, Text, Title } from '@mantine/core';
import type { NotificationSettings } from '../../../common/contracts/account';
import { MESSAGES } from '../../../common/domain/messages';
import { toastError, toastSuccess } from '../../lib/toast';
import { errorMessage } from '../../lib/transport';
import { useNotifications, useUpdateNotifications } from './api/notifications';

const SWITCHES: { key: keyof NotificationSettings; label: string; description: string }[] = [
  {
    key: 'reminders',
    label: 'Follow-up action reminders',
    description: 'An e-mail the day before an action of yours is due, and weekly while it is overdue.',
  },
  {
    key: 'digest',
    label: 'Weekly digest',
    description:
      "Your team's week: the streak, incidents and near-misses, actions done and overdue, lessons.",
  },
  {
    key: 'feedback',
    label: 'Feedback on your reports',
    description:
      'An e-mail when a near-miss or learning moment you reported is triaged, and when its fix is verified.',
  },
];

function Section({ children }: { children: ReactNode }) {
  return (
    <Paper
      withBorder
      p={{ base: 'md', sm: 'xl' }}
      radius="md"
      maw={640}
      component="section"
      aria-labelledby="notifications-title"
    >
      <Stack gap="lg">
        <div>
          <Title order={2} size="h3" id="notifications-title">
            Notifications
          </Title>
          <Text size="sm" c="dimmed">
            The e-mails OopsBoard sends you on its own. Each switch is saved at once.
          </Text>
        </div>
        {children}
      </Stack>
    </Paper>
  );
}

export function NotificationsTab() {
  return (
    <Section>
      <Switches />
    </Section>
  );
}

function Switches() {
  const settings = useNotifications();
  const update = useUpdateNotifications();

  if (settings.isPending) return <Text role="status">Loading...</Text>;
  if (settings.isError)
    return (
      <Alert color="red" variant="outline" role="alert" title="Failed to load your notification settings">
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{errorMessage(settings.error, MESSAGES.networkError)}</Text>
          <Button size="xs" variant="light" onClick={() => void settings.refetch()}>
            Try again
          </Button>
        </Stack>
      </Alert>
    );

  const toggle = (key: keyof NotificationSettings, on: boolean) =>
    update.mutate(
      { [key]: on },
      {
        onSuccess: () => toastSuccess('Notification settings saved.'),
        onError: (error) =>
          toastError(`Notification settings not saved. ${errorMessage(error, MESSAGES.networkError)}`),
      },
    );

  return (
    <Stack gap="lg">
      {SWITCHES.map(({ key, label, description }) => (
        <Switch
          key={key}
          label={label}
          description={description}
          checked={settings.data[key]}
          disabled={update.isPending}
          onChange={(event) => toggle(key, event.currentTarget.checked)}
        />
      ))}
    </Stack>
  );
}
