// "Resolved · in review" (decision 042): an open incident whose resolution waits for its review. Lists show it beside
// or instead of the status, the detail page in its header and resolution panel.
import { Badge } from '@mantine/core';
import { CheckCircle2 } from 'lucide-react';
import { RESOLUTION_MESSAGES } from '../../../common/domain/resolution';

export function InReviewBadge({ size = 'md' }: { size?: 'xs' | 'sm' | 'md' }) {
  return (
    <Badge
      color="teal.9"
      variant="filled"
      size={size}
      leftSection={<CheckCircle2 aria-hidden size={size === 'md' ? 12 : 10} />}
      data-testid="in-review"
    >
      {RESOLUTION_MESSAGES.inReview}
    </Badge>
  );
}
