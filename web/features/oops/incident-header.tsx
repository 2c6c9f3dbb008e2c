// The incident's sticky header (decision 045): status, severity, owner and the one next step stay in view while the
// page scrolls ("Mark resolved" while open, "Close after review" once resolved); the title joins them once the page's
// own heading has scrolled away.
import { useEffect, useState, type RefObject } from 'react';
import { Button, Group, Text } from '@mantine/core';
import { CheckCircle2, Lock } from 'lucide-react';
import type { OopsDetail } from '../../../common/contracts/oops';
import { MESSAGES } from '../../../common/domain/messages';
import { RESOLUTION_MESSAGES, RESOLUTION_TEXTS, resolutionState } from '../../../common/domain/resolution';
import { SeverityBadge } from '../../components/severity-badge';
import { StatusBadge } from '../../components/status-badge';
import { toastError, toastSuccess } from '../../lib/toast';
import { errorMessage } from '../../lib/transport';
import type { UpdateOopsInput } from './api/update-oops';
import { useResolveOops } from './api/resolve-oops';
import { InReviewBadge } from './in-review-badge';
import classes from './detail.module.css';

/** Whether the element is out of view above the sticky bars (true where the browser cannot tell). */
function useScrolledAway(target: RefObject<HTMLElement | null>): boolean {
  const [away, setAway] = useState(false);
  useEffect(() => {
    const element = target.current;
    if (!element || typeof IntersectionObserver === 'undefined') return;
    // The app's bar (60 px) and this one cover the top of the viewport.
    const observer = new IntersectionObserver(([entry]) => setAway(!entry!.isIntersecting), {
      rootMargin: '-110px 0px 0px 0px',
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [target]);
  return away;
}

interface IncidentHeaderProps {
  detail: OopsDetail;
  update: (body: UpdateOopsInput) => Promise<OopsDetail>;
  /** The page's title block, whose leaving the view brings the title into the header. */
  titleRef: RefObject<HTMLElement | null>;
}

export function IncidentHeader({ detail, update, titleRef }: IncidentHeaderProps) {
  const state = resolutionState(detail);
  const showTitle = useScrolledAway(titleRef);
  return (
    <div
      className={classes.stickyHeader}
      data-with-title={showTitle || undefined}
      role="region"
      aria-label="Incident summary"
    >
      {showTitle && (
        <Text fw={700} lineClamp={1} className={classes.stickyTitle} aria-hidden>
          {detail.title}
        </Text>
      )}
      <Group gap="xs" justify="space-between" wrap="nowrap">
        <Group gap="xs" wrap="wrap" style={{ minWidth: 0 }}>
          <StatusBadge status={detail.status} />
          <SeverityBadge severity={detail.severity} />
          {state === 'in_review' && <InReviewBadge />}
          {/* On a phone the owner stays in the page's Overview: the bar keeps to one line there. */}
          <Text size="sm" c="dimmed" visibleFrom="sm">
            {detail.owner_name ? RESOLUTION_TEXTS.owner(detail.owner_name) : RESOLUTION_TEXTS.noOwner}
          </Text>
        </Group>
        {state !== 'closed' && <NextStep id={detail.id} inReview={state === 'in_review'} update={update} />}
      </Group>
    </div>
  );
}

function NextStep({
  id,
  inReview,
  update,
}: {
  id: number;
  inReview: boolean;
  update: IncidentHeaderProps['update'];
}) {
  const resolve = useResolveOops(id);
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    try {
      if (inReview) await update({ status: 'Closed' });
      else await resolve({});
      toastSuccess(inReview ? RESOLUTION_MESSAGES.closedAfterReview : RESOLUTION_MESSAGES.marked);
    } catch (error) {
      toastError(RESOLUTION_TEXTS.saveFailed(errorMessage(error, MESSAGES.networkError)));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button
      size="sm"
      style={{ flexShrink: 0 }}
      className={classes.noPrint}
      loading={busy}
      leftSection={inReview ? <Lock aria-hidden size={16} /> : <CheckCircle2 aria-hidden size={16} />}
      onClick={() => void run()}
    >
      {inReview ? RESOLUTION_TEXTS.closeAfterReview : RESOLUTION_TEXTS.markResolved}
    </Button>
  );
}
