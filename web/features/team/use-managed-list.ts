// What a managed team list (incident types, custom fields) does with its one open form and its changes: who may
// edit (owners and admins), which form is open, and running a change with its toast, closing the form on success.
import { useState } from 'react';
import { MANAGER_ROLES } from '../../../common/domain/options';
import { toastError, toastSuccess } from '../../lib/toast';
import { useCurrentTeam } from './api/current-team';

/** 'new', an item's id, or nothing: the one form open at a time. */
export type Editing = 'new' | number | null;

interface Mutation<C> {
  mutate(change: C, handlers: { onSuccess: () => void; onError: () => void }): void;
  reset(): void;
}

export function useManagedList<C>(change: Mutation<C>, saveFailed: string) {
  const team = useCurrentTeam();
  const [editing, setEditing] = useState<Editing>(null);
  const canEdit = team.data ? MANAGER_ROLES.includes(team.data.role) : false;
  return {
    editing,
    canEdit,
    /** The reader's role is known and does not allow editing. */
    readOnly: Boolean(team.data) && !canEdit,
    open: (next: Editing) => {
      change.reset();
      setEditing(next);
    },
    run: (c: C, done: string) =>
      change.mutate(c, {
        onSuccess: () => {
          toastSuccess(done);
          setEditing(null);
        },
        onError: () => toastError(saveFailed),
      }),
  };
}
