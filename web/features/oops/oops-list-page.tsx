// Incident list (docs/product.md §2 /oops): totals, status filter, search from the URL's `search` parameter (the navigation
// bar's search box sets it), cards, paging with "Load more" and a CSV export of the same filter.
import { useState } from 'react';
import { Alert, Button, Container, Group, NativeSelect, Paper, Stack, Text, Title } from '@mantine/core';
import { Download, Plus, Upload } from 'lucide-react';
import { MANAGER_ROLES } from '../../../common/domain/options';
import { useSession } from '../../lib/session/use-session';
import { Link, useSearchParams } from 'react-router';
import { MESSAGES } from '../../../common/domain/messages';
import { OOPS_MESSAGES, OOPS_STATUSES, type OopsStatus } from '../../../common/domain/oops-options';
import { OOPS_TEXTS } from '../../../common/domain/oops-texts';
import { toastError } from '../../lib/toast';
import { errorMessage } from '../../lib/transport';
import { usePageTitle } from '../../lib/use-page-title';
import { CUSTOM_FIELD_FILTER_PREFIX } from '../../../common/domain/custom-field-limits';
import { useActiveCustomFields } from '../../lib/custom-fields';
import { downloadFile } from './api/download-file';
import { CustomFieldFilter } from './custom-field-filter';
import { filterParams, useOopsList } from './api/list-oops';
import type { ListOopsFilters } from '../../lib/api/oops-keys';
import { OopsCard } from './oops-card';

const STATUS_OPTIONS = [
  { value: '', label: 'All Statuses' },
  ...OOPS_STATUSES.map((s) => ({ value: s, label: s })),
];

function readFilters(params: URLSearchParams): ListOopsFilters {
  const status = params.get('status');
  // Custom field filters (decision 026), sorted by key so the same filters make the same query key.
  const custom = [...params.entries()]
    .filter(([name]) => name.startsWith(CUSTOM_FIELD_FILTER_PREFIX))
    .map(([name, value]) => [name.slice(CUSTOM_FIELD_FILTER_PREFIX.length), value] as const)
    .sort(([a], [b]) => a.localeCompare(b));
  return {
    search: params.get('search')?.trim().slice(0, 200) ?? '',
    status: (OOPS_STATUSES as readonly string[]).includes(status ?? '') ? (status as OopsStatus) : '',
    ...(custom.length > 0 ? { custom } : {}),
  };
}

export function OopsListPage() {
  usePageTitle('Oops Log');
  const { user } = useSession();
  const canImport = !!user?.role && MANAGER_ROLES.includes(user.role);
  const [params, setParams] = useSearchParams();
  const filters = readFilters(params);
  const list = useOopsList(filters);
  const customFields = useActiveCustomFields();
  const [exporting, setExporting] = useState(false);

  const pages = list.data?.pages ?? [];
  const rows = pages.flatMap((p) => p.oops);
  const last = pages[pages.length - 1];

  const setStatus = (status: string) => {
    const next = new URLSearchParams(params);
    if (status) next.set('status', status);
    else next.delete('status');
    setParams(next, { replace: true });
  };
  const setCustomFilter = (key: string, value: string | null) => {
    const next = new URLSearchParams(params);
    if (value === null) next.delete(`${CUSTOM_FIELD_FILTER_PREFIX}${key}`);
    else next.set(`${CUSTOM_FIELD_FILTER_PREFIX}${key}`, value);
    setParams(next, { replace: true });
  };
  const clearSearch = () => {
    const next = new URLSearchParams(params);
    next.delete('search');
    setParams(next);
  };
  const exportCsv = async () => {
    setExporting(true);
    try {
      const query = filterParams(filters).toString();
      await downloadFile(`/api/oops/export.csv${query ? `?${query}` : ''}`, 'oops.csv');
    } catch (error) {
      toastError(OOPS_TEXTS.exportFailed(errorMessage(error, MESSAGES.networkError)));
    } finally {
      setExporting(false);
    }
  };

  return (
    <Container size="lg" py="xl">
      <Stack gap="lg">
        <Group justify="space-between" align="flex-end">
          <div>
            <Title order={1}>Oops Log</Title>
            {last && (
              <Text c="dimmed" aria-live="polite">
                {OOPS_TEXTS.totalIncidents}: <strong>{last.total}</strong>
              </Text>
            )}
          </div>
          <Group gap="xs">
            <Button
              variant="default"
              leftSection={<Download aria-hidden size={16} />}
              onClick={() => void exportCsv()}
              loading={exporting}
              disabled={rows.length === 0}
            >
              Export CSV
            </Button>
            {canImport && (
              <Button
                component={Link}
                to="/oops/import"
                variant="default"
                leftSection={<Upload aria-hidden size={16} />}
              >
                Import CSV
              </Button>
            )}
            <Button component={Link} to="/oops/new" leftSection={<Plus aria-hidden size={16} />}>
              Log an incident
            </Button>
          </Group>
        </Group>

        <Paper withBorder p="sm">
          <Stack gap="sm">
            <Group justify="space-between" align="flex-end" gap="sm">
              <NativeSelect
                label="Status"
                value={filters.status}
                data={STATUS_OPTIONS}
                onChange={(e) => setStatus(e.currentTarget.value)}
                w={200}
              />
              {filters.search && (
                <Button variant="subtle" size="sm" onClick={clearSearch}>
                  Clear search
                </Button>
              )}
            </Group>
            <CustomFieldFilter
              fields={customFields}
              active={filters.custom ?? []}
              onApply={setCustomFilter}
              onRemove={(key) => setCustomFilter(key, null)}
            />
          </Stack>
        </Paper>

        {last && (
          <Text role="status">
            {OOPS_TEXTS.showing(rows.length, last.matched, filters.search, last.matched_capped)}
          </Text>
        )}

        {list.isPending ? (
          <Text role="status">{OOPS_TEXTS.loading}</Text>
        ) : list.isError ? (
          <Alert color="red" variant="outline" role="alert" title="Could not load incidents">
            <Stack gap="xs" align="flex-start">
              {errorMessage(list.error, MESSAGES.networkError)}
              <Button size="xs" variant="default" onClick={() => void list.refetch()}>
                Try again
              </Button>
            </Stack>
          </Alert>
        ) : rows.length === 0 ? (
          <Paper withBorder p="xl">
            <Stack align="center" gap="sm">
              <Text fw={600}>{last && last.total > 0 ? OOPS_TEXTS.noMatches : OOPS_MESSAGES.emptyList}</Text>
              {last?.total === 0 && (
                <Button component={Link} to="/oops/new" variant="light">
                  Log the first oops
                </Button>
              )}
            </Stack>
          </Paper>
        ) : (
          <Stack gap="sm" component="section" aria-label="Incidents">
            {rows.map((oops) => (
              <OopsCard key={oops.id} oops={oops} />
            ))}
            {list.hasNextPage && (
              <Group justify="center">
                <Button
                  variant="default"
                  onClick={() => void list.fetchNextPage()}
                  loading={list.isFetchingNextPage}
                >
                  {OOPS_TEXTS.loadMore}
                </Button>
              </Group>
            )}
          </Stack>
        )}
      </Stack>
    </Container>
  );
}
