// One list of the "Needs attention" panel (decision 038): up to 5 rows, each one click from its incident, and
// "and N more" to the log or the actions page.
import type { ReactNode } from 'react';
import { Anchor, Badge, Group, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import type { AttentionAction, AttentionIncident } from '../../../common/contracts/dashboard-attention';
import { ATTENTION_TEXTS, shortAge } from '../../../common/domain/attention';
import { SeverityBadge } from '../../components/severity-badge';
import classes from './attention.module.css';

interface ListProps {
  id: string;
  title: string;
  total: number;
  /** How many of the total are listed. */
  shown: number;
  moreTo: string;
  children: ReactNode;
}

/** A titled list with its total and, when cut, a link to the rest. */
export function AttentionList({ id, title, total, shown, moreTo, children }: ListProps) {
  return (
    <section aria-labelledby={`${id}-title`} className={classes.list} data-testid={`attention-${id}`}>
      <Group gap="xs" mb="xs" wrap="nowrap">
        <Title order={3} size="h6" id={`${id}-title`}>
          {title}
        </Title>
        <Badge variant="light" color="gray" size="sm" aria-label={`${total} in all`}>
          {total}
        </Badge>
      </Group>
      <Stack component="ul" gap={6} className={classes.rows}>
        {children}
      </Stack>
      {total > shown && (
        <Anchor component={Link} to={moreTo} size="sm" mt={6} display="inline-block">
          {ATTENTION_TEXTS.more(total - shown)}
        </Anchor>
      )}
    </section>
  );
}

/** An incident row: its title (the link), severity, age and owner. */
export function IncidentRow({ item, since, now }: { item: AttentionIncident; since: string; now: number }) {
  return (
    <li className={classes.row}>
      <Stack gap={0} className={classes.rowText}>
        <Anchor component={Link} to={`/oops/${item.id_slug}`} fw={600} size="sm" lineClamp={1}>
          {item.title}
        </Anchor>
        <Text size="xs" c="dimmed">
          <time dateTime={since} title={new Date(since).toLocaleString()}>
            {shortAge(since, now)}
          </time>{' '}
          · {item.owner_name ?? ATTENTION_TEXTS.noOwner}
        </Text>
      </Stack>
      {/* Never squeezed by a long title: the title truncates instead. */}
      <span className={classes.badge}>
        <SeverityBadge severity={item.severity} size="xs" />
      </span>
    </li>
  );
}

/** An action row: the action (the link to its incident), its incident and when it was due. */
export function ActionRow({ item }: { item: AttentionAction }) {
  return (
    <li className={classes.row}>
      <Stack gap={0} className={classes.rowText}>
        <Anchor component={Link} to={`/oops/${item.oops.id_slug}`} fw={600} size="sm" lineClamp={1}>
          {item.title}
        </Anchor>
        <Text size="xs" c="dimmed" lineClamp={1}>
          {item.oops.title}
        </Text>
      </Stack>
      <Badge variant="light" color={item.overdue ? 'red' : 'yellow'} size="xs" className={classes.due}>
        {item.overdue ? `${ATTENTION_TEXTS.overdue} · ${item.due_date}` : ATTENTION_TEXTS.dueToday}
      </Badge>
    </li>
  );
}
