// Resolving an incident apart from closing it (decision 042): `resolved_at` stops the time to resolve while the
// incident stays Open for its review; closing keeps a resolution that exists, reopening keeps it too.

/** Client clocks run a little ahead of the server's: a time this close to now still counts as "not in the future". */
export const FUTURE_LEEWAY_MS = 60_000;

export const RESOLUTION_MESSAGES = {
  occurredInFuture: 'occurred_at cannot be in the future.',
  resolvedInFuture: 'resolved_at cannot be in the future.',
  resolvedBeforeStart:
    'resolved_at cannot be before the incident occurred (occurred_at, or when it was logged if that is not set).',
  occurredAfterResolved: 'occurred_at cannot be after resolved_at.',
  closedKeepsResolution: 'resolved_at cannot be cleared on a closed incident.',
  inReview: 'Resolved · in review',
  marked: 'Incident marked resolved.',
  closedAfterReview: 'Incident closed after its review.',
  cleared: 'Resolution cleared: the incident is not resolved.',
  /** The automatic events' descriptions (the toasts above say it to the one who acted). */
  eventMarked: 'Resolved; the incident stays open for its review.',
  eventCleared: 'The resolution was cleared: not resolved after all.',
} as const;

/** The pickers' texts: labels and the same rules as the API's, in the form's words. */
export const RESOLUTION_TEXTS = {
  occurredLabel: 'Occurred at',
  resolvedLabel: 'Resolved at',
  occurredHint: 'When it started; now unless you pick an earlier time.',
  resolvedHint: 'Leave empty if it is not resolved yet.',
  occurred_at: {
    future: 'Occurred at cannot be in the future.',
    order: 'Occurred at cannot be after resolved at.',
  },
  resolved_at: {
    future: 'Resolved at cannot be in the future.',
    order: 'Resolved at cannot be before occurred at (or when the incident was logged).',
  },
  markResolved: 'Mark resolved',
  markResolvedAt: 'Mark resolved at this time',
  closeAfterReview: 'Close after review',
  noOwner: 'No owner',
  owner: (name: string) => `Owner: ${name}`,
  notResolved: 'Not resolved after all',
  resolvedNowHint: 'Not resolved yet',
  openIncident: 'Open incident',
  saveFailed: (message: string) => `Failed to update resolution: ${message}`,
  resolvedBy: (at: string, by: string | null) => `Resolved ${at}${by ? ` by ${by}` : ''}`,
} as const;

/** The automatic timeline events a resolution writes (stored, never editable, decision 042). */
export const AUTOMATIC_EVENTS = {
  resolution_marked: { event: 'Marked Resolved', color: 'green', icon: 'check-circle' },
  resolution_cleared: { event: 'Not Resolved After All', color: 'orange', icon: 'rotate-ccw' },
} as const;
export type AutomaticEventType = keyof typeof AUTOMATIC_EVENTS;

export function isAutomaticEvent(event: { type?: string | null }): boolean {
  return event.type != null && Object.hasOwn(AUTOMATIC_EVENTS, event.type);
}

export interface ResolutionTimes {
  occurredAt: Date | null;
  resolvedAt: Date | null;
  /** When the incident was logged: the start of its time to resolve when occurredAt is unset. */
  loggedAt: Date;
}

export interface TimeError {
  field: 'occurred_at' | 'resolved_at';
  message: string;
  /** Which rule: a time in the future, or the two times the wrong way round. */
  rule: 'future' | 'order';
}

/**
 * What is wrong with an incident's times, for the fields that changed: neither time in the future, and the
 * resolution not before the start (occurred_at, else when it was logged). Checks are limited to the changed fields
 * so an older record's times never block an unrelated edit.
 */
export function resolutionTimeErrors(
  { occurredAt, resolvedAt, loggedAt }: ResolutionTimes,
  changed: { occurred: boolean; resolved: boolean },
  now: Date,
): TimeError[] {
  const latest = now.getTime() + FUTURE_LEEWAY_MS;
  const errors: TimeError[] = [];
  if (changed.occurred && occurredAt && occurredAt.getTime() > latest) {
    errors.push({ field: 'occurred_at', message: RESOLUTION_MESSAGES.occurredInFuture, rule: 'future' });
  }
  if (changed.resolved && resolvedAt && resolvedAt.getTime() > latest) {
    errors.push({ field: 'resolved_at', message: RESOLUTION_MESSAGES.resolvedInFuture, rule: 'future' });
  }
  const start = occurredAt ?? loggedAt;
  if (resolvedAt && resolvedAt.getTime() < start.getTime() && (changed.occurred || changed.resolved)) {
    errors.push(
      changed.resolved
        ? { field: 'resolved_at', message: RESOLUTION_MESSAGES.resolvedBeforeStart, rule: 'order' }
        : { field: 'occurred_at', message: RESOLUTION_MESSAGES.occurredAfterResolved, rule: 'order' },
    );
  }
  return errors;
}

/** Open and not resolved, resolved and waiting for its review (still Open), or Closed. */
export type ResolutionState = 'open' | 'in_review' | 'closed';

export function resolutionState(o: { status?: string | null; resolved_at?: string | null }): ResolutionState {
  if (o.status === 'Closed') return 'closed';
  return o.resolved_at ? 'in_review' : 'open';
}
