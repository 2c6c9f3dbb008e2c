// Resolving an incident apart from closing it (decision 042): an explicit resolved_at, the checks on an incident's
// times, and the automatic timeline events that tell when it was marked resolved or found not resolved after all.
import { randomUUID } from 'node:crypto';
import {
  AUTOMATIC_EVENTS,
  isAutomaticEvent,
  RESOLUTION_MESSAGES,
  resolutionTimeErrors,
  type AutomaticEventType,
} from '../../../common/domain/resolution';
import type { TimelineEvent } from '../../../common/domain/timeline';
import { badRequest } from '../../lib/errors';
import type { Insert } from './columns';
import type { OopsRow } from './mapper';

type Times = Pick<OopsRow, 'occurredAt' | 'resolvedAt'> & { createdAt?: Date | null };

/**
 * The resolution columns an explicit resolved_at sets: a time (validated by assertIncidentTimes) or null to clear it.
 * Clearing it while closing is refused: a closed incident always has its resolution time.
 */
export function sentResolution(
  row: Pick<OopsRow, 'resolvedAt'>,
  sent: string | null | undefined,
  closing: boolean,
  actorName: string,
): Partial<Insert> {
  if (sent === undefined) return {};
  if (sent === null) {
    if (closing) throw badRequest(RESOLUTION_MESSAGES.closedKeepsResolution);
    return row.resolvedAt ? { resolvedAt: null, resolvedBy: null } : {};
  }
  const at = new Date(sent);
  return row.resolvedAt?.getTime() === at.getTime() ? {} : { resolvedAt: at, resolvedBy: actorName };
}

/**
 * Refuses (400, naming the field) a changed occurred_at or resolved_at in the future, or a resolution before the
 * incident started (occurred_at, else when it was logged).
 */
export function assertIncidentTimes(next: Times, changes: Partial<Insert>, now: Date): void {
  const [first] = resolutionTimeErrors(
    {
      occurredAt: next.occurredAt ?? null,
      resolvedAt: next.resolvedAt ?? null,
      loggedAt: next.createdAt ?? now,
    },
    { occurred: changes.occurredAt !== undefined, resolved: changes.resolvedAt !== undefined },
    now,
  );
  if (first) throw badRequest(first.message);
}

function automaticEvent(type: AutomaticEventType, actorName: string, now: Date, description: string) {
  return {
    id: randomUUID(),
    timestamp: now.toISOString(),
    ...AUTOMATIC_EVENTS[type],
    description,
    user: actorName,
    type,
  };
}

/**
 * The timeline with the automatic event of a resolution change on an incident that stays Open: "Marked Resolved"
 * when it becomes resolved, "Not Resolved After All" when its resolution is cleared, stamped when it happened.
 * Undefined when there is nothing to add (closing tells itself through the status).
 */
export function withResolutionEvent(
  row: Pick<OopsRow, 'resolvedAt' | 'timelineEvents'>,
  next: Pick<OopsRow, 'resolvedAt' | 'status'> & { timelineEvents?: TimelineEvent[] | null },
  actorName: string,
  now: Date,
): TimelineEvent[] | undefined {
  if (next.status === 'Closed') return undefined;
  const timeline = next.timelineEvents ?? row.timelineEvents ?? [];
  if (!row.resolvedAt && next.resolvedAt) {
    return [
      ...timeline,
      automaticEvent('resolution_marked', actorName, now, RESOLUTION_MESSAGES.eventMarked),
    ];
  }
  if (row.resolvedAt && !next.resolvedAt) {
    return [
      ...timeline,
      automaticEvent('resolution_cleared', actorName, now, RESOLUTION_MESSAGES.eventCleared),
    ];
  }
  return undefined;
}

/**
 * A timeline list sent by a client, with the stored automatic events kept as they are: like the system events, they
 * cannot be edited, moved out or deleted (a client's copies of them are ignored).
 */
export function keepAutomaticEvents(
  sent: readonly TimelineEvent[],
  stored: readonly TimelineEvent[],
): TimelineEvent[] {
  const kept = new Map(stored.filter(isAutomaticEvent).map((e) => [e.id, e]));
  // Each stored one stays where the client placed it (reordering is allowed), as stored; any it left out go last.
  const out = sent.flatMap((e) => (kept.has(e.id) ? [kept.get(e.id)!] : isAutomaticEvent(e) ? [] : [e]));
  const placed = new Set(out.map((e) => e.id));
  return [...out, ...[...kept.values()].filter((e) => !placed.has(e.id))];
}
