// Recurrence in the executive report (decision 019): repeat rate, repeats despite completed actions, the
// near-miss ratio and the chains of repeats (A → B → C) of the period, all from /api/oops/stats.
import { Anchor, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Fragment } from 'react';
import { Link } from 'react-router';
import type { OopsStats } from '../../../common/contracts/stats';
import { RECURRENCE_TEXTS as T } from '../../../common/domain/recurrence-texts';
import { NOT_AVAILABLE } from './report-format';
import classes from './report.module.css';
import { StatCard } from './report-summary';

export function ReportRecurrence({ stats }: { stats: OopsStats }) {
  return (
    <section aria-labelledby="report-recurrence" className={classes.section}>
      <Title order={2} size="h3" id="report-recurrence" mb="sm">
        Recurrence
      </Title>
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
          <StatCard
            label={T.repeatRate}
            value={stats.repeat_rate === null ? NOT_AVAILABLE : `${stats.repeat_rate}%`}
            hint={T.repeatRateHint(stats.repeats, stats.recent_oops)}
          />
          <StatCard
            label={T.despiteAction}
            value={stats.repeated_despite_action}
            hint={T.despiteActionHint}
          />
          <StatCard
            label={T.nearMissRatio}
            value={stats.near_miss_ratio === null ? NOT_AVAILABLE : stats.near_miss_ratio}
            hint={`${T.nearMissRatioHint} (${stats.near_misses} near-misses)`}
          />
        </SimpleGrid>
        <div>
          <Title order={3} size="h4" mb="xs">
            {T.chainsTitle}
          </Title>
          {stats.repeat_chains.length === 0 ? (
            <Text c="dimmed">{T.chainsEmpty}</Text>
          ) : (
            <Stack gap="xs" component="ol" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
              {stats.repeat_chains.map((chain) => (
                <Paper
                  key={chain.incidents.map((i) => i.id).join('-')}
                  withBorder
                  p="sm"
                  component="li"
                  className={classes.card}
                  data-testid="repeat-chain"
                >
                  <Group gap={6}>
                    {chain.incidents.map((incident, index) => (
                      <Fragment key={incident.id}>
                        {index > 0 && (
                          <Text span c="dimmed" aria-hidden>
                            →
                          </Text>
                        )}
                        <Anchor component={Link} to={`/oops/${incident.id_slug}`} size="sm">
                          {incident.title}
                        </Anchor>
                      </Fragment>
                    ))}
                  </Group>
                </Paper>
              ))}
            </Stack>
          )}
        </div>
      </Stack>
    </section>
  );
}
