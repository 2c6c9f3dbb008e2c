// /triage (decision 049): owners and admins give every new near-miss and learning moment an outcome, oldest first.
import { Alert, Container, Skeleton, Stack, Text, Title } from '@mantine/core';
import { TRIAGE_TEXTS } from '../../../common/domain/triage';
import { LoadErrorAlert } from '../../components/load-error-alert';
import { usePageTitle } from '../../lib/use-page-title';
import { useTriageQueue } from './api/triage-queue';
import { TriageItem } from './triage-item';

export function TriagePage() {
  usePageTitle(TRIAGE_TEXTS.pageTitle);
  const queue = useTriageQueue();
  return (
    <Container size="md" py="xl">
      <Stack gap="lg">
        <div>
          <Title order={1}>
            {TRIAGE_TEXTS.pageTitle}
            {queue.data && queue.data.total > 0 ? ` (${queue.data.total})` : ''}
          </Title>
          <Text c="dimmed">{TRIAGE_TEXTS.pageIntro}</Text>
        </div>
        <QueueBody queue={queue} />
      </Stack>
    </Container>
  );
}

function QueueBody({ queue }: { queue: ReturnType<typeof useTriageQueue> }) {
  if (queue.isPending)
    return (
      <Stack gap="md" aria-busy="true" aria-label="Loading the triage queue">
        <Skeleton height={220} radius="md" />
        <Skeleton height={220} radius="md" />
      </Stack>
    );
  if (queue.isError)
    return (
      <LoadErrorAlert
        title={TRIAGE_TEXTS.loadFailed}
        error={queue.error}
        onRetry={() => void queue.refetch()}
        retryLabel="Try again"
      />
    );
  const { items, total } = queue.data;
  if (items.length === 0)
    return (
      <Alert variant="light" color="green" role="status">
        {TRIAGE_TEXTS.empty}
      </Alert>
    );
  return (
    <Stack gap="md">
      {total > items.length && (
        <Text size="sm" c="dimmed">
          {TRIAGE_TEXTS.more(items.length, total)}
        </Text>
      )}
      {items.map((item) => (
        <TriageItem key={item.id} item={item} />
      ))}
    </Stack>
  );
}
