// "Feedback on your reports" (decision 049): what triage decided on the signed-in user's near-misses and learning
// moments, and how the fix was verified. Confidential reports show here to their reporter alone (the server
// recognises them by their keyed hash); nobody else is ever told whose they are.
import { Alert, Anchor, Badge, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import type { FeedbackItem } from '../../../common/contracts/triage';
import { TRIAGE_OUTCOME_LABELS, TRIAGE_TEXTS } from '../../../common/domain/triage';
import { MESSAGES } from '../../../common/domain/messages';
import { formatDate } from '../../lib/format';
import { errorMessage } from '../../lib/transport';
import { useReportFeedback } from './api/report-feedback';

const FIX_TEXT: Record<FeedbackItem['fix'], string | null> = {
  none: null,
  pending: TRIAGE_TEXTS.fixPending,
  effective: TRIAGE_TEXTS.fixVerified,
  not_effective: TRIAGE_TEXTS.fixNotEffective,
};

/** Shown only when there is feedback (or it failed to load): a user who reported nothing sees nothing. */
export function FeedbackPanel() {
  const feedback = useReportFeedback();
  if (feedback.isPending || (feedback.isSuccess && feedback.data.items.length === 0)) return null;
  return (
    <Paper
      withBorder
      radius="md"
      p={{ base: 'sm', sm: 'md' }}
      component="section"
      aria-labelledby="feedback-title"
    >
      <Stack gap="sm">
        <Title order={2} size="h4" id="feedback-title">
          {TRIAGE_TEXTS.feedbackTitle}
        </Title>
        {feedback.isError ? (
          <Alert color="red" variant="outline" role="alert" title={TRIAGE_TEXTS.feedbackLoadFailed}>
            {errorMessage(feedback.error, MESSAGES.networkError)}
          </Alert>
        ) : (
          <Stack gap="sm" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {feedback.data.items.map((item) => (
              <FeedbackRow key={item.oops_id} item={item} />
            ))}
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}

function FeedbackRow({ item }: { item: FeedbackItem }) {
  const fix = FIX_TEXT[item.fix];
  return (
    <li>
      <Group gap="xs" wrap="wrap">
        <Anchor component={Link} to={`/oops/${item.id_slug}`} fw={600}>
          {item.title}
        </Anchor>
        <Badge variant="filled" color="blue.8" autoContrast>
          {TRIAGE_OUTCOME_LABELS[item.outcome]}
        </Badge>
        {item.confidential && (
          <Badge variant="outline" color="gray">
            {TRIAGE_TEXTS.confidential}
          </Badge>
        )}
        <Text size="xs" c="dimmed">
          {formatDate(item.triaged_at)}
        </Text>
      </Group>
      <Text size="sm">{item.note}</Text>
      {fix && (
        <Text size="sm" c="dimmed">
          {fix}
        </Text>
      )}
    </li>
  );
}
