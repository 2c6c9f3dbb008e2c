// What an incident's own row stores of its links (decision 044): they live in oops_links only, and its
// related_incidents field lists them, so a link made or removed is a change of that field for both incidents (an
// event each) and, where the list gained its first entry or lost its last, of their stored completeness.
import { and, eq, sql, type SQLWrapper } from 'drizzle-orm';
import type { DomainEventInput } from '../../../common/contracts/domain-events';
import type { Db } from '../../db/client';
import { oops } from '../../db/schema';
import { emitEvents, returnedColumns, writeWithEvents, type ShapedWrite } from '../../events/outbox';
import type { TeamActor } from '../../lib/actor';
import { oopsEventBaseOf, type LoggedRow } from './events';
import { completenessOf } from './fields';

/**
 * The completeness a write stores (decision 044): `linked` if the incident has links when the statement runs (its
 * related_incidents lists them), else `unlinked`. The statement reads the links itself, so the value holds for the
 * links as they stand when the row is written: a link write holds both incidents locked (link-writes.ts), and an
 * edit's write holds its row locked or applies only to the version it read (which a link write that changed the
 * completeness replaced).
 */
export const storedCompleteness = (unlinked: SQLWrapper, linked: SQLWrapper) =>
  sql<number>`case when exists (select from oops_links l where l.oops_id = "oops"."id")
    or exists (select from oops_links l where l.other_id = "oops"."id")
    then ${linked}::smallint else ${unlinked}::smallint end`;

const idColumn = returnedColumns<{ id: number }>({ id: oops.id });

/**
 * Tells that an incident's links changed (a link to it was made or removed; its related_incidents lists them,
 * decision 044): an `oops.updated` event naming related_incidents, which refreshes caches, live dashboards and
 * webhooks as any edit does, and its completeness rewritten only where it changed (the list gained its first entry
 * or lost its last). Nothing else of its row is written. `row` is locked in the caller's transaction.
 */
export async function writeLinkChange(db: Db, actor: TeamActor, row: LoggedRow): Promise<void> {
  const event: DomainEventInput = {
    type: 'oops.updated',
    teamId: actor.teamId,
    payload: { ...oopsEventBaseOf(actor, row), changed: ['related_incidents'] },
  };
  const update: ShapedWrite<{ whereId: number; unlinked: number; linked: number }> = {
    kind: 'oops.link-change',
    values: { whereId: row.id, unlinked: completenessOf(row), linked: completenessOf(row, true) },
    build: ({ whereId, unlinked, linked }) => {
      const completeness = storedCompleteness(unlinked, linked);
      return db
        .update(oops)
        .set({ completeness })
        .where(and(eq(oops.id, whereId), sql`${oops.completeness} is distinct from ${completeness}`))
        .returning({ id: oops.id });
    },
  };
  // The event goes with the completeness's write, or alone when the completeness stays.
  if (await writeWithEvents(db, update, idColumn, [event])) return;
  await emitEvents(db, event);
}
