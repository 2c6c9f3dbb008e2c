import { useState } from 'react';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { AdminUser } from './api/get-admin-users';

interface UserStatusDialogProps {
  /** The user whose status would flip; null keeps the dialog closed. */
  user: AdminUser | null;
  busy: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/** Asks before an account is disabled (which signs it out everywhere at once) or enabled again. */
export function UserStatusDialog({ user, busy, onConfirm, onCancel }: UserStatusDialogProps) {
  // The last user stays on screen while the dialog fades out, so its text does not flip mid-close.
  const [last, setLast] = useState(user);
  if (user && user !== last) setLast(user);
  const shown = user ?? last;
  const disabling = shown?.is_active ?? false;
  const who = shown ? shown.name || shown.email : '';
  return (
    <Modal
      opened={user !== null}
      onClose={busy ? () => {} : onCancel}
      title={disabling ? 'Disable user' : 'Enable user'}
      closeButtonProps={{ 'aria-label': 'Close' }}
      centered
    >
      <Stack gap="md">
        <Text>
          {disabling
            ? `Disable ${who} (${shown?.email})? They are signed out at once and cannot sign in until a super admin enables them again.`
            : `Enable ${who} (${shown?.email})? They will be able to sign in again.`}
        </Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel} disabled={busy}>
            Cancel
          </Button>
          <Button color={disabling ? 'red.9' : 'teal.9'} onClick={onConfirm} loading={busy}>
            {disabling ? 'Disable' : 'Enable'}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
