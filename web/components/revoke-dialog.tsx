import { Button, Group, Modal, Stack, Text } from '@mantine/core';

/** Asks before revoking a credential (an API token, a display token); it cannot be closed while the call runs. */
export function RevokeDialog({
  title,
  text,
  opened,
  pending,
  onCancel,
  onConfirm,
}: {
  title: string;
  text: string;
  opened: boolean;
  pending: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  return (
    <Modal
      opened={opened}
      onClose={pending ? () => {} : onCancel}
      title={title}
      closeButtonProps={{ 'aria-label': 'Close' }}
      centered
    >
      <Stack gap="md">
        <Text>{text}</Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel} disabled={pending}>
            Cancel
          </Button>
          <Button color="red.9" onClick={onConfirm} loading={pending}>
            Revoke
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
