import { useState } from 'react';
import { Container, Loader, SimpleGrid, Skeleton, Stack, TextInput } from '@mantine/core';
import { Search, ShieldCheck, UserCheck, UserX, Users } from 'lucide-react';
import { ADMIN_TEXTS } from '../../../common/domain/admin-texts';
import { useSession } from '../../lib/session/use-session';
import { toastError, toastSuccess } from '../../lib/toast';
import { usePageTitle } from '../../lib/use-page-title';
import { AdminLoadError } from './admin-load-error';
import { AdminPageHeader } from './admin-page-header';
import { AdminPager } from './admin-pager';
import { AdminStatCard } from './admin-stat-card';
import { AdminUsersTable } from './admin-users-table';
import { useAdminUsers, type AdminUser } from './api/get-admin-users';
import { useSetUserStatus } from './api/set-user-status';
import { useAdminList } from './use-admin-list';
import { SuperAdminOnly } from './super-admin-only';
import { UserStatusDialog } from './user-status-dialog';

const ICON = 20;

function AdminUsers({ selfId }: { selfId: number }) {
  const list = useAdminList();
  const users = useAdminUsers(list.params);
  const setStatus = useSetUserStatus();
  const [pending, setPending] = useState<AdminUser | null>(null);
  const totals = users.data?.totals;

  const confirm = () => {
    if (!pending) return;
    const target = pending;
    setStatus.mutate(
      { id: target.id, isActive: !target.is_active },
      {
        onSuccess: (updated) => {
          const who = updated.name || updated.email;
          toastSuccess(updated.is_active ? ADMIN_TEXTS.userEnabled(who) : ADMIN_TEXTS.userDisabled(who));
        },
        onError: () => toastError(ADMIN_TEXTS.statusFailed),
        onSettled: () => setPending(null),
      },
    );
  };

  return (
    <Container size="lg" py="xl">
      <Stack gap="lg">
        <AdminPageHeader title="Manage Users" description="Find a user account, and disable or enable it." />
        {totals ? (
          <SimpleGrid cols={{ base: 2, md: 4 }} spacing="md">
            <AdminStatCard label="Total Users" value={totals.total} icon={<Users size={ICON} />} />
            <AdminStatCard
              label="Super Admins"
              value={totals.super_admins}
              icon={<ShieldCheck size={ICON} />}
              color="grape"
            />
            <AdminStatCard
              label="Active"
              value={totals.active}
              icon={<UserCheck size={ICON} />}
              color="teal"
            />
            <AdminStatCard
              label="Disabled"
              value={totals.disabled}
              icon={<UserX size={ICON} />}
              color="red"
            />
          </SimpleGrid>
        ) : (
          users.isPending && (
            <SimpleGrid cols={{ base: 2, md: 4 }} spacing="md">
              {Array.from({ length: 4 }, (_, i) => (
                <Skeleton key={i} height={92} />
              ))}
            </SimpleGrid>
          )
        )}
        <TextInput
          type="search"
          label="Search users"
          description="By e-mail, name or username"
          placeholder="ada@example.com"
          value={list.search}
          onChange={(event) => list.setSearch(event.currentTarget.value)}
          leftSection={<Search size={16} aria-hidden />}
          rightSection={
            users.isFetching && !users.isPending ? <Loader size="xs" aria-label="Searching" /> : null
          }
          maw={420}
        />
        {users.isError && (
          <AdminLoadError
            title={ADMIN_TEXTS.usersFailed}
            error={users.error}
            onRetry={() => void users.refetch()}
          />
        )}
        {users.isPending && <Skeleton height={240} role="status" aria-label="Loading users" />}
        {users.data && (
          <>
            {users.data.users.length > 0 && (
              <AdminUsersTable users={users.data.users} selfId={selfId} onToggle={setPending} />
            )}
            <AdminPager
              noun="users"
              page={list.page}
              pageSize={list.pageSize}
              matched={users.data.matched}
              onChange={list.setPage}
            />
          </>
        )}
      </Stack>
      <UserStatusDialog
        user={pending}
        busy={setStatus.isPending}
        onConfirm={confirm}
        onCancel={() => setPending(null)}
      />
    </Container>
  );
}

function AdminUsersForSelf() {
  const { user } = useSession();
  return <AdminUsers selfId={user?.id ?? 0} />;
}

/** docs/product.md §2 admin users: server-side search, status badges, totals, and Enable/Disable with a confirmation. */
export function AdminUsersPage() {
  usePageTitle('Manage Users');
  return (
    <SuperAdminOnly>
      <AdminUsersForSelf />
    </SuperAdminOnly>
  );
}
