// Profile → Notifications: the e-mails OopsBoard sends on its own, each one switch, saved at once.
import { Alert, Button, Paper, Stack, Switch, Text } from '@mantine/core';
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
];

export function NotificationsTab() {
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
    <Paper withBorder p="lg" radius="md" maw={640}>
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
    </Paper>
  );
}
