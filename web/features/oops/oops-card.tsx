// One incident of the list (docs/product.md §2): title, status, created date, team, department, type, severity, downtime,
// users, systems, completeness and open actions, and "Resolved · in review" while a resolved incident awaits its review.
// The whole card opens the detail page.
import { CONFIDENTIAL_TEXTS } from '../../../common/domain/confidential-texts';
import { Badge, Button, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Link, useNavigate } from 'react-router';
import type { OopsSummary } from '../../../common/contracts/oops';
import { fieldLabel } from '../../../common/domain/oops-fields';
import { resolutionState } from '../../../common/domain/resolution';
import { OOPS_KIND_LABELS } from '../../../common/domain/oops-options';
import { formatDate, formatHours } from '../../lib/format';
import { CompletenessBar } from './completeness-bar';
import { InReviewBadge } from './in-review-badge';
import { SeverityBadge } from '../../components/severity-badge';
import { StatusBadge } from '../../components/status-badge';
import { DespiteActionBadge } from '../links';
import { useReportedByMe } from '../confidential';
import classes from './oops-list.module.css';

/** `compact` on a phone: tighter spacing and a smaller title, so more of the log fits a screen. */
export function OopsCard({ oops, compact = false }: { oops: OopsSummary; compact?: boolean }) {
  const reportedByMe = useReportedByMe(oops.confidential === true);
  const navigate = useNavigate();
  const to = `/oops/${oops.id_slug}`;
  const facts: [string, string][] = [
    ['Team', oops.team_name],
    [fieldLabel('area_department'), oops.area_department ?? oops.department ?? '—'],
    [fieldLabel('oops_type'), oops.oops_type ?? '—'],
    [fieldLabel('downtime_hours'), formatHours(oops.downtime_hours)],
    [fieldLabel('users_affected'), oops.users_affected ?? '—'],
    [fieldLabel('systems_impacted'), oops.systems_impacted ?? '—'],
  ];
  return (
    <Card
      withBorder
      padding="md"
      className={classes.card}
      component="article"
      aria-labelledby={`oops-${oops.id}-title`}
      // A mouse click anywhere opens it; keyboard users reach the same place through the title link.
      onClick={(event) => {
        if ((event.target as HTMLElement).closest('a, button')) return;
        void navigate(to);
      }}
    >
      <Stack gap={compact ? 8 : 'sm'}>
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
          <Title
            order={2}
            size={compact ? 'h5' : 'h4'}
            id={`oops-${oops.id}-title`}
            className={classes.cardTitle}
          >
            <Link to={to} className={classes.titleLink}>
              {oops.title}
            </Link>
          </Title>
          <Group gap={6} wrap="nowrap" style={{ flexShrink: 0 }}>
            <SeverityBadge severity={oops.severity} />
            <StatusBadge status={oops.status} />
          </Group>
        </Group>
        <Group gap="xs">
          <Text size="sm" c="dimmed">
            Created {formatDate(oops.created_at)}
          </Text>
          {resolutionState(oops) === 'in_review' && <InReviewBadge size="sm" />}
          {oops.repeated_despite_action && <DespiteActionBadge />}
          {oops.kind !== 'incident' && (
            <Badge variant="dot" color="grape">
              {OOPS_KIND_LABELS[oops.kind]}
            </Badge>
          )}
          {oops.confidential && (
            <Badge variant="outline" color="gray">
              {CONFIDENTIAL_TEXTS.badge}
            </Badge>
          )}
          {reportedByMe.has(oops.id) && (
            <Badge variant="filled" color="teal.9">
              {CONFIDENTIAL_TEXTS.reportedByYou}
            </Badge>
          )}
        </Group>
        <SimpleGrid cols={3} spacing="xs" verticalSpacing={compact ? 2 : 4} component="dl" m={0}>
          {facts.map(([label, value]) => (
            <div key={label}>
              <Text component="dt" size="xs" c="dimmed">
                {label}
              </Text>
              <Text component="dd" size="sm" m={0}>
                {value}
              </Text>
            </div>
          ))}
        </SimpleGrid>
        <CompletenessBar percent={oops.completeness} />
        <Group justify="space-between" gap="xs">
          <Text size="sm">
            {oops.open_actions} open {oops.open_actions === 1 ? 'action' : 'actions'}
            {oops.overdue_actions > 0 && (
              <Text span size="sm" c="var(--mantine-color-error)" fw={600}>
                {' '}
                · {oops.overdue_actions} overdue
              </Text>
            )}
          </Text>
          <Button
            component={Link}
            to={to}
            size="xs"
            variant="light"
            aria-label={`View Details: ${oops.title}`}
          >
            View Details
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
