// "Needs attention" at the top of the dashboard (decision 038): open incidents, resolved ones awaiting review, the
// viewer's actions due, closed incidents without a lesson; an empty state when nothing needs attention. The new
// team's checklist sits above it until every step is done or an owner dismisses it.
import { Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { CircleCheckBig } from 'lucide-react';
import type { AttentionResponse } from '../../../common/contracts/dashboard-attention';
import { ATTENTION_MORE_LINKS, ATTENTION_TEXTS } from '../../../common/domain/attention';
import { useAttention } from './api/attention';
import { ActionRow, AttentionList, IncidentRow } from './attention-list';
import classes from './attention.module.css';
import { OnboardingChecklist } from './onboarding-checklist';
import { Panel, PanelError, PanelLoading } from './panel';
import { useNow } from './use-now';

function Lists({ data }: { data: AttentionResponse }) {
  const now = useNow(60_000).getTime();
  const { open, awaiting_review: review, my_actions: mine, without_lesson: lessonless } = data;
  if (open.total + review.total + mine.total + lessonless.total === 0) {
    return (
      <Stack align="center" ta="center" gap={4} py="xs" data-testid="attention-empty">
        <ThemeIcon variant="light" color="green" size={40} radius="xl" aria-hidden>
          <CircleCheckBig size={22} />
        </ThemeIcon>
        <Title order={3} size="h5">
          {ATTENTION_TEXTS.nothing}
        </Title>
        <Text size="sm" c="dimmed">
          {ATTENTION_TEXTS.nothingHint}
        </Text>
      </Stack>
    );
  }
  const sections = [
    {
      id: 'open',
      title: ATTENTION_TEXTS.open,
      total: open.total,
      moreTo: ATTENTION_MORE_LINKS.open,
      rows: open.items.map((item) => (
        <IncidentRow key={item.id} item={item} since={item.created_at} now={now} />
      )),
    },
    {
      id: 'review',
      title: ATTENTION_TEXTS.awaitingReview,
      total: review.total,
      moreTo: ATTENTION_MORE_LINKS.awaiting_review,
      rows: review.items.map((item) => (
        <IncidentRow key={item.id} item={item} since={item.resolved_at ?? item.created_at} now={now} />
      )),
    },
    {
      id: 'actions',
      title: ATTENTION_TEXTS.myActions,
      total: mine.total,
      moreTo: ATTENTION_MORE_LINKS.my_actions,
      rows: mine.items.map((item) => <ActionRow key={item.id} item={item} />),
    },
    {
      id: 'lessons',
      title: ATTENTION_TEXTS.withoutLesson,
      total: lessonless.total,
      moreTo: ATTENTION_MORE_LINKS.without_lesson,
      rows: lessonless.items.map((item) => (
        <IncidentRow key={item.id} item={item} since={item.resolved_at ?? item.created_at} now={now} />
      )),
    },
  ];
  return (
    <div className={classes.lists}>
      {/* Lists with nothing in them are left out. */}
      {sections
        .filter((section) => section.total > 0)
        .map(({ rows, ...section }) => (
          <AttentionList key={section.id} {...section} shown={rows.length}>
            {rows}
          </AttentionList>
        ))}
    </div>
  );
}

export function AttentionPanel() {
  const query = useAttention();
  let body;
  if (query.isPending) body = <PanelLoading label="Loading what needs attention" height={80} />;
  else if (query.isError && !query.data)
    body = <PanelError message={ATTENTION_TEXTS.failed} onRetry={() => void query.refetch()} />;
  else body = <Lists data={query.data} />;
  return (
    <>
      {query.data?.onboarding && <OnboardingChecklist onboarding={query.data.onboarding} />}
      <Panel id="attention" title={ATTENTION_TEXTS.title}>
        {body}
      </Panel>
    </>
  );
}
