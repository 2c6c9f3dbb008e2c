import { Anchor, Badge, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { OOPS_KIND_LABELS } from '../../../common/domain/oops-options';
import { REPORT_LIMITS, REPORT_TEXTS } from '../../../common/domain/report-texts';
import type { OopsList } from './api/get-recent-oops';
import { incidentDate } from './report-format';
import classes from './report.module.css';
import { SeverityBadge } from '../../components/severity-badge';

/** The 5 newest of the 10 incidents fetched (docs/product.md §9). */
export function ReportRecent({ list }: { list: OopsList }) {
  const shown = list.oops.slice(0, REPORT_LIMITS.recentShown);
  return (
    <section aria-labelledby="report-recent" className={classes.section}>
      <Title order={2} size="h3" id="report-recent" mb="sm">
        Recent Incidents
      </Title>
      {shown.length === 0 ? (
        <Text c="dimmed">{REPORT_TEXTS.noRecent}</Text>
      ) : (
        <Stack gap="xs" component="ol" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {shown.map((oops) => (
            <Paper key={oops.id} withBorder p="sm" component="li" className={classes.card}>
              <Stack gap={6}>
                <Anchor component={Link} to={`/oops/${oops.id_slug}`} fw={600}>
                  {oops.title}
                </Anchor>
                <Group gap="xs">
                  <SeverityBadge severity={oops.severity} />
                  <Badge variant="default">{oops.status}</Badge>
                  {oops.kind !== 'incident' && <Badge variant="default">{OOPS_KIND_LABELS[oops.kind]}</Badge>}
                  <Text size="sm" c="dimmed">
                    {oops.area_department ?? 'General'} · {incidentDate(oops.created_at)}
                  </Text>
                </Group>
              </Stack>
            </Paper>
          ))}
        </Stack>
      )}
    </section>
  );
}
