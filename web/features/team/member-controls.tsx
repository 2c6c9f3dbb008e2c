import { Badge, NativeSelect, Text } from '@mantine/core';
import type { Member } from '../../../common/contracts/team';
import { ACCOUNT_TEXTS } from '../../../common/domain/account-texts';
import type { Role } from '../../../common/domain/options';
import { toastError, toastSuccess } from '../../lib/toast';
import { useChangeDepartment } from './api/change-department';
import { useChangeRole } from './api/change-role';
import { DEPARTMENT_OPTIONS } from '../../lib/department-options';
import { failureReason } from '../../lib/form-failure';
import type { MemberRights } from './member-permissions';

const ROLE_COLORS: Record<Role, string> = { owner: 'grape', admin: 'blue', member: 'gray' };

/** Toasts the spec's failure text with the server's reason, so 'why' is never lost. */
const failed = (text: string) => (error: unknown) => toastError(`${text} ${failureReason(error)}`);

export function RoleCell({ member, rights }: { member: Member; rights: MemberRights }) {
  const change = useChangeRole();
  if (rights.roles.length === 0) {
    return (
      <Badge color={ROLE_COLORS[member.role]} variant="light">
        {member.role}
      </Badge>
    );
  }
  // While saving, show the choice being saved; afterwards the list shows what the server holds.
  const value = change.isPending ? change.variables.role : member.role;
  return (
    <NativeSelect
      aria-label={`Role of ${member.name || member.email}`}
      size="xs"
      data={rights.roles.map((r) => ({ value: r, label: r }))}
      value={value}
      disabled={change.isPending}
      onChange={(event) =>
        change.mutate(
          { id: member.id, role: event.currentTarget.value as Role },
          {
            onSuccess: () => toastSuccess(ACCOUNT_TEXTS.roleUpdated),
            onError: failed(ACCOUNT_TEXTS.roleUpdateFailed),
          },
        )
      }
    />
  );
}

export function DepartmentCell({ member, rights }: { member: Member; rights: MemberRights }) {
  const change = useChangeDepartment();
  if (!rights.department) {
    return (
      <Text component="span" size="sm">
        {member.user_department ?? 'Not specified'}
      </Text>
    );
  }
  const value = change.isPending ? (change.variables.user_department ?? '') : (member.user_department ?? '');
  return (
    <NativeSelect
      aria-label={`Department of ${member.name || member.email}`}
      size="xs"
      data={DEPARTMENT_OPTIONS}
      value={value}
      disabled={change.isPending}
      onChange={(event) =>
        change.mutate(
          { id: member.id, user_department: event.currentTarget.value },
          {
            onSuccess: () => toastSuccess(ACCOUNT_TEXTS.departmentUpdated),
            onError: failed(ACCOUNT_TEXTS.departmentUpdateFailed),
          },
        )
      }
    />
  );
}
