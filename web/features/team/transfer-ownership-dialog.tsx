import { useState } from 'react';
import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { Member } from '../../../common/contracts/team';
import { failureReason } from '../../lib/form-failure';
import { toastSuccess } from '../../lib/toast';
import { useTransferOwnership } from './api/transfer-ownership';

interface TransferOwnershipDialogProps {
  /** The member who would become the owner; null keeps the dialog closed. */
  member: Member | null;
  onClose: () => void;
}

/** Asks before handing the team over: the member becomes its owner and the viewer an admin (decision 035). */
export function TransferOwnershipDialog({ member, onClose }: TransferOwnershipDialogProps) {
  const transfer = useTransferOwnership();
  const [last, setLast] = useState(member);
  if (member && member !== last) {
    setLast(member);
    transfer.reset();
  }
  const shown = member ?? last;
  const who = shown ? shown.name || shown.email : '';
  const close = () => {
    if (!transfer.isPending) onClose();
  };
  return (
    <Modal
      opened={member !== null}
      onClose={close}
      title="Transfer ownership"
      closeButtonProps={{ 'aria-label': 'Close' }}
      centered
    >
      <Stack gap="md">
        <Text>
          Make {who} the owner of this team? You become an admin: you can still manage members, but no longer
          rename the team, change owners or hand it over.
        </Text>
        {transfer.isError && (
          <Alert color="red" variant="outline" role="alert">
            Could not transfer ownership: {failureReason(transfer.error)}
          </Alert>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={close} disabled={transfer.isPending}>
            Cancel
          </Button>
          <Button
            loading={transfer.isPending}
            onClick={() =>
              shown &&
              transfer.mutate(shown.id, {
                onSuccess: ({ message }) => {
                  toastSuccess(message);
                  onClose();
                },
              })
            }
          >
            Transfer ownership
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
