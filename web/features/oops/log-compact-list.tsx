// The log's table view on a narrow screen (decision 041): a table of twelve columns does not fit a phone, so each
// incident is one compact row of title, severity, status and age. The title is the link; the whole row answers a tap.
// Where the title would be left too little room (a long status such as "Resolved · in review"), the badges wrap
// under it rather than squeezing it.
import { Anchor } from '@mantine/core';
import { Link } from 'react-router';
import type { OopsSummary } from '../../../common/contracts/oops';
import { shortAge } from '../../../common/domain/attention';
import { resolutionState } from '../../../common/domain/resolution';
import { SeverityBadge } from '../../components/severity-badge';
import { StatusBadge } from '../../components/status-badge';
import { formatDateTime } from '../../lib/format';
import { InReviewBadge } from './in-review-badge';
import classes from './oops-list.module.css';

export function LogCompactList({ rows, now = Date.now() }: { rows: OopsSummary[]; now?: number }) {
  return (
    <ul aria-label="Incidents" className={classes.compactList}>
      {rows.map((o) => {
        const since = o.occurred_at ?? o.created_at;
        const state = resolutionState(o);
        return (
          <li key={o.id} className={classes.compactRow}>
            <Anchor
              component={Link}
              to={`/oops/${o.id_slug}`}
              size="sm"
              fw={600}
              truncate="end"
              title={o.title}
              className={classes.compactTitle}
            >
              {o.title}
            </Anchor>
            <span className={classes.compactFacts}>
              <SeverityBadge severity={o.severity} size="xs" />
              {state === 'in_review' ? (
                <InReviewBadge size="xs" />
              ) : (
                <StatusBadge status={o.status} size="xs" />
              )}
              <time dateTime={since} title={formatDateTime(since)} className={classes.compactAge}>
                {shortAge(since, now)}
              </time>
            </span>
          </li>
        );
      })}
    </ul>
  );
}
