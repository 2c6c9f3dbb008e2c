import { useState } from 'react';
import { Alert, Button, Group, Modal, Paper, Stack, Text, Title } from '@mantine/core';
import { LogOut } from 'lucide-react';
import { useNavigate } from 'react-router';
import { failureReason } from '../../lib/form-failure';
import { toastSuccess } from '../../lib/toast';
import { useLeaveTeam } from './api/leave-team';

/** Leave the current team (decision 035); the only owner is told to hand the team over first. */
export function LeaveTeamPanel({ teamName }: { teamName: string }) {
  const leave = useLeaveTeam();
  const navigate = useNavigate();
  const [asking, setAsking] = useState(false);
  const close = () => {
    if (!leave.isPending) setAsking(false);
  };
  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }} radius="md">
      <Stack gap="sm" align="flex-start">
        <Title order={2} size="h4">
          Leave team
        </Title>
        <Text size="sm">
          Stop being a member of {teamName}. Your account stays; you keep working in your other teams.
        </Text>
        <Button
          variant="light"
          color="red"
          leftSection={<LogOut size={16} aria-hidden />}
          onClick={() => {
            leave.reset();
            setAsking(true);
          }}
        >
          Leave team
        </Button>
      </Stack>
      <Modal
        opened={asking}
        onClose={close}
        title="Leave team"
        closeButtonProps={{ 'aria-label': 'Close' }}
        centered
      >
        <Stack gap="md">
          <Text>
            Leave {teamName}? You lose access to its incidents, and API tokens you made for it stop working.
            An owner or admin can invite you again.
          </Text>
          {leave.isError && (
            <Alert color="red" variant="outline" role="alert">
              {failureReason(leave.error)}
            </Alert>
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close} disabled={leave.isPending}>
              Cancel
            </Button>
            <Button
              color="red.9"
              loading={leave.isPending}
              onClick={() =>
                leave.mutate(undefined, {
                  onSuccess: ({ message }) => {
                    toastSuccess(message);
                    void navigate('/dashboard');
                  },
                })
              }
            >
              Leave
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Paper>
  );
}
