import { Badge, Group } from '@mantine/core';
import { ADMIN_TEXTS } from '../../../common/domain/admin-texts';
import type { AdminUser } from './api/get-admin-users';

/** Super Admin, then Active or Disabled (docs/product.md §2); deep shades keep AA contrast in both schemes. */
export function UserStatusBadges({ user }: { user: Pick<AdminUser, 'is_active' | 'is_super_admin'> }) {
  return (
    <Group gap={6} wrap="wrap">
      {user.is_super_admin && (
        <Badge color="grape.8" variant="filled" autoContrast>
          {ADMIN_TEXTS.superAdmin}
        </Badge>
      )}
      {user.is_active ? (
        <Badge color="green.6" variant="filled" autoContrast>
          {ADMIN_TEXTS.active}
        </Badge>
      ) : (
        <Badge color="red.9" variant="filled" autoContrast>
          {ADMIN_TEXTS.disabled}
        </Badge>
      )}
    </Group>
  );
}
