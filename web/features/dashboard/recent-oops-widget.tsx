// Recent Oops (docs/product.md §2, not in the default layout): the latest entries with severity, relative time and department.
import { Anchor, Button, Group, Stack, Text } from '@mantine/core';
import { Plus } from 'lucide-react';
import { Link } from 'react-router';
import { relativeTime } from '../../../common/domain/dashboard';
import { DASHBOARD_TEXTS } from '../../../common/domain/dashboard-texts';
import { RECENT_OOPS_DEFAULT, useRecentOops } from './api/recent-oops';
import { formatDate } from '../../lib/format';
import { Panel, PanelError, PanelLoading } from './panel';
import { SeverityBadge } from '../../components/severity-badge';
import { useNow } from './use-now';

export function RecentOopsWidget({ limit = RECENT_OOPS_DEFAULT }: { limit?: number }) {
  const query = useRecentOops(limit);
  const now = useNow(60_000);
  let body;
  if (query.isPending) body = <PanelLoading label="Loading recent oops" />;
  else if (query.isError && !query.data)
    body = <PanelError message={DASHBOARD_TEXTS.recentFailed} onRetry={() => void query.refetch()} />;
  else if (query.data.oops.length === 0)
    body = (
      <Text c="dimmed" ta="center" py="sm">
        {DASHBOARD_TEXTS.noOopsYet}
      </Text>
    );
  else
    body = (
      <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
        {query.data.oops.map((o) => (
          <li key={o.id}>
            <Group justify="space-between" wrap="nowrap" gap="xs">
              <Stack gap={0} style={{ minWidth: 0 }}>
                <Anchor component={Link} to={`/oops/${o.id_slug}`} fw={600} truncate>
                  {o.title}
                </Anchor>
                <Text size="xs" c="dimmed">
                  {relativeTime(o.created_at, now, (d) => formatDate(d.toISOString()))} ·{' '}
                  {o.area_department ?? o.department ?? 'No department'}
                </Text>
              </Stack>
              <SeverityBadge severity={o.severity} />
            </Group>
          </li>
        ))}
      </Stack>
    );
  return (
    <Panel
      id="recent-oops"
      title="Recent Oops"
      actions={
        <Button component={Link} to="/oops/new" size="xs" leftSection={<Plus size={14} aria-hidden />}>
          Log Oops
        </Button>
      }
    >
      {body}
    </Panel>
  );
}
