import { Badge, Container, Loader, SimpleGrid, Skeleton, Stack, Table, Text, TextInput } from '@mantine/core';
import { Building2, Search } from 'lucide-react';
import { ADMIN_TEXTS } from '../../../common/domain/admin-texts';
import { usePageTitle } from '../../lib/use-page-title';
import { AdminLoadError } from './admin-load-error';
import { AdminPageHeader } from './admin-page-header';
import { AdminPager } from './admin-pager';
import { AdminStatCard } from './admin-stat-card';
import classes from './admin.module.css';
import { useAdminTeams, type AdminTeam } from './api/get-admin-teams';
import { SuperAdminOnly } from './super-admin-only';
import { useAdminList } from './use-admin-list';

function TeamsTable({ teams }: { teams: AdminTeam[] }) {
  return (
    <div className={classes.tableScroll} tabIndex={0} role="region" aria-label="Teams">
      <Table striped highlightOnHover verticalSpacing="sm" miw={600}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Team</Table.Th>
            <Table.Th scope="col">Owner ID</Table.Th>
            <Table.Th scope="col">Members</Table.Th>
            <Table.Th scope="col">Oops</Table.Th>
            <Table.Th scope="col">Created</Table.Th>
            <Table.Th scope="col">Status</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {teams.map((t) => (
            <Table.Tr key={t.id}>
              <Table.Td>
                <Text size="sm" fw={600}>
                  {t.name || ADMIN_TEXTS.unnamedTeam}
                </Text>
                <Text size="xs" c="dimmed">
                  ID {t.id}
                </Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm" c={t.owner_id === null ? 'dimmed' : undefined}>
                  {t.owner_id ?? ADMIN_TEXTS.noOwner}
                </Text>
              </Table.Td>
              <Table.Td>{t.member_count}</Table.Td>
              <Table.Td>{t.oops_count}</Table.Td>
              <Table.Td>
                <Text size="sm">{new Date(t.created_at).toLocaleDateString()}</Text>
              </Table.Td>
              <Table.Td>
                {/* docs/product.md §2: teams have no disabled state; the status column always reads Active. */}
                <Badge color="green.6" variant="filled" autoContrast>
                  {ADMIN_TEXTS.active}
                </Badge>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </div>
  );
}

function AdminTeams() {
  const list = useAdminList();
  const teams = useAdminTeams(list.params);
  const data = teams.data;
  return (
    <Container size="lg" py="xl">
      <Stack gap="lg">
        <AdminPageHeader title="Manage Teams" description="Every team on the platform, with its owner." />
        {data ? (
          <SimpleGrid cols={{ base: 2, md: 4 }} spacing="md">
            <AdminStatCard label="Total Teams" value={data.total} icon={<Building2 size={20} />} />
            <AdminStatCard label="Matching" value={data.matched} icon={<Search size={20} />} color="grape" />
          </SimpleGrid>
        ) : (
          teams.isPending && <Skeleton height={92} maw={480} />
        )}
        <TextInput
          type="search"
          label="Search teams"
          description="By team name or owner ID"
          placeholder="Platform Team or 42"
          value={list.search}
          onChange={(event) => list.setSearch(event.currentTarget.value)}
          leftSection={<Search size={16} aria-hidden />}
          rightSection={
            teams.isFetching && !teams.isPending ? <Loader size="xs" aria-label="Searching" /> : null
          }
          maw={420}
        />
        {teams.isError && (
          <AdminLoadError
            title={ADMIN_TEXTS.teamsFailed}
            error={teams.error}
            onRetry={() => void teams.refetch()}
          />
        )}
        {teams.isPending && <Skeleton height={240} role="status" aria-label="Loading teams" />}
        {data && (
          <>
            {data.teams.length > 0 && <TeamsTable teams={data.teams} />}
            <AdminPager
              noun="teams"
              page={list.page}
              pageSize={list.pageSize}
              matched={data.matched}
              onChange={list.setPage}
            />
          </>
        )}
      </Stack>
    </Container>
  );
}

/** docs/product.md §2 admin teams: search by name or owner id; 'Unnamed Team', 'No owner', status always Active; totals. */
export function AdminTeamsPage() {
  usePageTitle('Manage Teams');
  return (
    <SuperAdminOnly>
      <AdminTeams />
    </SuperAdminOnly>
  );
}
