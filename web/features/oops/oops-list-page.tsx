// Incident list (docs/product.md §2 /oops): totals, status filter, search from the URL's `search` parameter (the navigation
// bar's search box sets it), cards, paging with "Load more" and a CSV export of the same filter. Beside the cards, a
// table view with more filters, sorts and saved views, all in the URL (decision 041).
import { useState, type ReactNode } from 'react';
import {
  Alert,
  Button,
  Collapse,
  Container,
  Group,
  NativeSelect,
  Paper,
  Stack,
  Text,
  Title,
  useMatches,
} from '@mantine/core';
import { Download, Plus, Upload } from 'lucide-react';
import { useDisclosure } from '@mantine/hooks';
import { MANAGER_ROLES } from '../../../common/domain/options';
import { useSession } from '../../lib/session/use-session';
import { Link, useSearchParams } from 'react-router';
import { MESSAGES } from '../../../common/domain/messages';
import { OOPS_MESSAGES, OOPS_STATUSES, type OopsStatus } from '../../../common/domain/oops-options';
import { CustomFieldFilter } from './custom-field-filter';
import { OOPS_TEXTS } from '../../../common/domain/oops-texts';
import { toastError } from '../../lib/toast';
import { errorMessage } from '../../lib/transport';
import { usePageTitle } from '../../lib/use-page-title';
import { CUSTOM_FIELD_FILTER_PREFIX } from '../../../common/domain/custom-field-limits';
import { useActiveCustomFields } from '../../lib/custom-fields';
import { downloadFile } from '../../lib/download-file';
import { filterParams, useOopsList } from './api/list-oops';
import { OopsCard } from './oops-card';
import { OopsTable } from './oops-table';
import { ListFiltersBar } from './list-filters-bar';
import { ListToolbar } from './list-toolbar';
import { activeFilterCount, useListFilters, withoutFilters } from './use-list-filters';
import { useLogView } from './use-log-view';

const STATUS_OPTIONS = [
  { value: '', label: 'All Statuses' },
  ...OOPS_STATUSES.map((s) => ({ value: s, label: s })),
];

interface OopsListPageProps {
  /** The saved views' menu for the page's query string (web/app/oops-log-route.tsx composes it). */
  savedViews?: (query: string) => ReactNode;
}

export function OopsListPage({ savedViews }: OopsListPageProps = {}) {
  usePageTitle('Oops Log');
  const { user } = useSession();
  const canImport = !!user?.role && MANAGER_ROLES.includes(user.role);
  const [params, setParams] = useSearchParams();
  const { state, set, filters, sort, setView } = useListFilters();
  const [view, chooseView] = useLogView(user?.id ?? null, state.view, setView);
  // Open at first when one of its filters is set: a shared link or a saved view shows what it filters by.
  const [filtersOpen, filtersBar] = useDisclosure(
    activeFilterCount(filters) > (filters.status ? 1 : 0) + (filters.custom?.length ?? 0),
  );
  const list = useOopsList(filters);
  const customFields = useActiveCustomFields();
  const [exporting, setExporting] = useState(false);
  // A phone gets smaller buttons and less room between the blocks.
  const narrow = useMatches({ base: true, sm: false }, { getInitialValueInEffect: false });
  const buttonSize = narrow ? 'xs' : 'sm';

  const pages = list.data?.pages ?? [];
  const rows = pages.flatMap((p) => p.oops);
  const last = pages[pages.length - 1];

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
    <Container size={view === 'table' ? 'xl' : 'lg'} py={{ base: 'md', sm: 'xl' }}>
      <Stack gap={narrow ? 'sm' : 'lg'}>
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
              size={buttonSize}
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
                size={buttonSize}
                leftSection={<Upload aria-hidden size={16} />}
              >
                Import CSV
              </Button>
            )}
            {/* A phone has Log Oops in the bar, one tap away on every page; here it would take a line of its own. */}
            <Button
              component={Link}
              to="/oops/new"
              visibleFrom="sm"
              leftSection={<Plus aria-hidden size={16} />}
            >
              Log an incident
            </Button>
          </Group>
        </Group>

        <Paper withBorder p="xs">
          <ListToolbar
            view={view}
            onView={chooseView}
            filtersOpen={filtersOpen}
            onToggleFilters={filtersBar.toggle}
            activeFilters={activeFilterCount(filters)}
            sort={sort}
            onSort={(key, dir) => void set({ sort: key, dir })}
            search={filters.search}
            onClearSearch={clearSearch}
            status={
              <NativeSelect
                label="Status"
                size="xs"
                value={filters.status}
                data={STATUS_OPTIONS}
                onChange={(e) => void set({ status: (e.currentTarget.value || null) as OopsStatus | null })}
                w={{ base: 116, xs: 140 }}
              />
            }
            savedViews={savedViews?.(savedQueryOf(params, view))}
          />
          <Collapse expanded={filtersOpen}>
            {/* Mounted while open only: its lists (departments, types) load when wanted. */}
            <Paper pt="sm" id="log-filters">
              {filtersOpen && (
                <ListFiltersBar
                  state={state}
                  set={set}
                  onClear={() => setParams(withoutFilters(params), { replace: true })}
                />
              )}
            </Paper>
          </Collapse>
          <CustomFieldFilter
            fields={customFields}
            active={filters.custom ?? []}
            onApply={setCustomFilter}
            onRemove={(key) => setCustomFilter(key, null)}
          />
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
          <Stack gap="sm" component="section" aria-label={view === 'table' ? 'Incident table' : 'Incidents'}>
            {view === 'table' ? (
              <OopsTable rows={rows} sort={sort} onSort={(key, dir) => void set({ sort: key, dir })} />
            ) : (
              rows.map((oops) => <OopsCard key={oops.id} oops={oops} compact={narrow} />)
            )}
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

/** The page's query string as a saved view keeps it: every parameter, and the view shown even when the URL lacks it. */
function savedQueryOf(params: URLSearchParams, view: string): string {
  const next = new URLSearchParams(params);
  next.set('view', view);
  return next.toString();
}
