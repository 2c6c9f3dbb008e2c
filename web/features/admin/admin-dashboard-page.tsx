import { Button, Container, Group, Paper, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import { Building2, CalendarClock, FileWarning, ScrollText, ShieldCheck, Users } from 'lucide-react';
import { Link } from 'react-router';
import { ADMIN_TEXTS } from '../../../common/domain/admin-texts';
import { usePageTitle } from '../../lib/use-page-title';
import { AdminLoadError } from './admin-load-error';
import { AdminPageHeader } from './admin-page-header';
import { AdminStatCard } from './admin-stat-card';
import { useAdminStats } from './api/get-admin-stats';
import { SuperAdminOnly } from './super-admin-only';

const ICON = 20;

function AdminDashboard() {
  const stats = useAdminStats();
  const s = stats.data;
  return (
    <Container size="lg" py="xl">
      <Stack gap="xl">
        <AdminPageHeader
          title="Admin Dashboard"
          description="Platform-wide counts of users, teams and incidents."
          back={false}
        />
        {stats.isError && (
          <AdminLoadError
            title={ADMIN_TEXTS.statsFailed}
            error={stats.error}
            onRetry={() => void stats.refetch()}
          />
        )}
        {stats.isPending && (
          <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} role="status" aria-label="Loading platform counts">
            {Array.from({ length: 4 }, (_, i) => (
              <Skeleton key={i} height={92} />
            ))}
          </SimpleGrid>
        )}
        {s && (
          <>
            <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="md">
              <AdminStatCard label="Total Users" value={s.total_users} icon={<Users size={ICON} />} />
              <AdminStatCard
                label="Total Teams"
                value={s.total_teams}
                icon={<Building2 size={ICON} />}
                color="grape"
              />
              <AdminStatCard
                label="Total Oops"
                value={s.total_oops}
                icon={<FileWarning size={ICON} />}
                color="orange"
              />
              <AdminStatCard
                label="Super Admins"
                value={s.super_admins}
                icon={<ShieldCheck size={ICON} />}
                color="teal"
              />
            </SimpleGrid>
            <Paper withBorder p="md">
              <Group gap="md" wrap="nowrap">
                <CalendarClock size={28} aria-hidden />
                <div>
                  <Text fz={28} fw={700} lh={1.2} data-testid="stat-last-7-days">
                    {s.oops_last_7_days}
                  </Text>
                  <Text c="dimmed">{ADMIN_TEXTS.lastSevenDays}</Text>
                </div>
              </Group>
            </Paper>
            <Text size="sm" c="dimmed">
              {s.active_users} active and {s.disabled_users} disabled user accounts.
            </Text>
          </>
        )}
        <Group gap="sm">
          <Button component={Link} to="/admin/users" leftSection={<Users size={16} aria-hidden />}>
            Manage Users
          </Button>
          <Button
            component={Link}
            to="/admin/teams"
            variant="default"
            leftSection={<Building2 size={16} aria-hidden />}
          >
            Manage Teams
          </Button>
          <Button
            component={Link}
            to="/admin/audit"
            variant="default"
            leftSection={<ScrollText size={16} aria-hidden />}
          >
            View Audit Log
          </Button>
        </Group>
      </Stack>
    </Container>
  );
}

/** docs/product.md §2 admin dashboard: counts, incidents of the last 7 days, and the ways into users, teams and the audit log. */
export function AdminDashboardPage() {
  usePageTitle('Admin Dashboard');
  return (
    <SuperAdminOnly>
      <AdminDashboard />
    </SuperAdminOnly>
  );
}
