// Timeline event ids (docs/product.md §3 shapes events without one). An event sent without an id takes the id of the stored
// event it is a copy of, so a client that never saw ids can still reorder or delete events and the ids stay stable;
// an event with no stored twin is new and gets a fresh id.
import { randomUUID } from 'node:crypto';
import type { TimelineEvent } from '../../../common/domain/timeline';
import type { UpdateOopsBody } from '../../../common/contracts/oops';
import { badRequest } from '../../lib/errors';

type Incoming = NonNullable<UpdateOopsBody['timeline_events']>[number];

// Everything but the id: two events with the same content are the same event as far as a client without ids knows.
const contentKey = (e: Omit<TimelineEvent, 'id'>) =>
  JSON.stringify([
    Date.parse(e.timestamp),
    e.event,
    e.icon ?? null,
    e.color ?? null,
    e.description ?? null,
    e.user ?? null,
    e.type ?? null,
  ]);

/** The sent list with an id on every event; refuses a list that names one id twice. */
export function withTimelineIds(
  incoming: readonly Incoming[],
  stored: readonly TimelineEvent[],
): TimelineEvent[] {
  const sentIds = incoming.flatMap((e) => (e.id ? [e.id] : []));
  if (new Set(sentIds).size !== sentIds.length) throw badRequest('Timeline event ids must be unique.');
  const taken = new Set(sentIds);
  const twins = new Map<string, string[]>();
  for (const e of stored) {
    if (taken.has(e.id)) continue;
    const key = contentKey(e);
    twins.set(key, [...(twins.get(key) ?? []), e.id]);
  }
  return incoming.map((e) => {
    if (e.id) return { ...e, id: e.id };
    const id = twins.get(contentKey(e))?.shift() ?? randomUUID();
    return { ...e, id };
  });
}
