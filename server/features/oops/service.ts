// Incidents: create, read, update (docs/product.md §7 Incidents; the list: list.ts). Queries are scoped to the team.
import { and, eq, sql } from 'drizzle-orm';
import type { CreateOopsBody, OopsDetail, UpdateOopsBody } from '../../../common/contracts/oops';
import type { DomainEventInput } from '../../../common/contracts/domain-events';
import { FALLBACK_DEPARTMENTS } from '../../../common/domain/options';
import { DEFAULT_OOPS_KIND, SEVERE_USERS_AFFECTED_DEFAULT } from '../../../common/domain/oops-options';
import { parseIdSlug, suggestTags } from '../../../common/domain/tags';
import { onOneConnection, type Db } from '../../db/client';
import { oops, teams } from '../../db/schema';
import { badRequest } from '../../lib/errors';
import { changedValues, completenessOf, loggedStatesAt, systemFieldChanges, toColumnValues } from './fields';
import { editedDetail, rowColumns, toDetail, type OopsRow, type WrittenOops } from './mapper';
import { preparedReads } from './summary-reads';
import { actionToday } from '../../../common/domain/actions';
import { FIELD_COLUMNS, type Insert } from './columns';
import { assertCanReopen, closedError, oopsNotFound } from './policy';
import { assertIncidentTimes, keepAutomaticEvents, sentResolution, withResolutionEvent } from './resolution';
import type { TeamActor } from '../../lib/actor';
import { queryRows } from '../../lib/sql-rows';
import { assertTypeAllowed } from '../../lib/incident-types';
import { teamCached } from '../../cache/team-reads';
import { withTimelineIds } from './timeline-ids';
import { returnedColumns, writeWithEvents, type ShapedWrite } from '../../events/outbox';
import { storedCompleteness } from './link-change';
import { changedFieldNames, loggedByColumn, oopsEventBaseOf, type LoggedRow } from './events';
import { customValuesOnCreate, customValuesOnUpdate, incidentSetupOf } from './custom-values';
import {
  assertMayReportConfidentially,
  isConfidentialReporter,
  maskedActor,
  recordReporter,
  writerOn,
} from '../confidential';

export interface OopsContext {
  db: Db;
  actor: TeamActor;
  /** The key of confidential reporters' hashes (decision 024); without it nobody is recognised as a reporter. */
  confidentialKey?: Buffer;
}

const actorName = (actor: TeamActor) => actor.name || actor.email;

/**
 * What a write returns of the row it wrote: every column, who logged it and the team's name (aliased: the write is a
 * CTE of the statement that also writes its events, outbox.ts writeWithEvents).
 */
const writtenColumns = {
  ...rowColumns,
  loggedBy: loggedByColumn.as('logged_by'),
  teamName: sql<string>`(select t.name from ${teams} t where t.id = ${oops.teamId})`.as('team_name'),
};
const written = returnedColumns<WrittenOops>(writtenColumns);

/**
 * Inserts an incident and writes its `oops.created` event, in the caller's transaction when it has more to write,
 * else on its own (one statement writes both); `extra` sets columns the API does not take (the alert fingerprint of
 * an ingested alert). With `linked`, the caller links it to other incidents in the same transaction: its stored
 * completeness counts them already (decision 044). Returns the row as stored.
 */
export async function insertOops(
  tx: Db,
  actor: TeamActor,
  input: CreateOopsBody,
  extra: Pick<Insert, 'alertFingerprint'> = {},
  confidentialKey?: Buffer,
  linked = false,
): Promise<WrittenOops> {
  // repeat_of is a link, not a column (with-links.ts makes it in the same transaction).
  const {
    status: _status,
    repeat_of: _repeatOf,
    confidential,
    custom_fields: sentCustom,
    resolved_at: resolvedAt,
    ...fields
  } = input;
  // A confidential report names nobody: no created_by, and the masked name wherever the writer's name is recorded.
  const key = confidential
    ? await assertMayReportConfidentially(tx, actor, input, confidentialKey)
    : undefined;
  const writer = key ? maskedActor(actor) : actor;
  const setup = incidentSetupOf(tx, actor.teamId, { newOopsId: true });
  await assertTypeAllowed(async () => (await setup()).types, input.oops_type);
  const customFields = await customValuesOnCreate(tx, actor.teamId, setup, input.oops_type, sentCustom);
  const values = toColumnValues(fields);
  if (!values.tags?.length) values.tags = suggestTags(input.title, values.description ?? '');
  if ((input.severity === 'High' || input.severity === 'Critical') && !values.usersAffected) {
    values.usersAffected = SEVERE_USERS_AFFECTED_DEFAULT;
  }
  const now = new Date();
  // Logged already resolved, it stays Open for its review (decision 042).
  Object.assign(values, sentResolution({ resolvedAt: null }, resolvedAt, false, actorName(writer)));
  // A new incident is always Open; closing is an edit, so resolved_* are set the same way for both.
  const system = systemFieldChanges({}, values, actorName(writer), loggedStatesAt(now, values.resolvedAt));
  assertIncidentTimes(
    { occurredAt: values.occurredAt ?? null, resolvedAt: values.resolvedAt ?? null },
    values,
    now,
  );
  const row = {
    ...values,
    ...system,
    ...extra,
    // The id is drawn with the setup's read, so the event is written by the insert's statement.
    id: (await setup()).newOopsId!,
    teamId: actor.teamId,
    createdById: key ? null : actor.userId,
    confidential: key !== undefined,
    status: 'Open' as const,
    kind: values.kind ?? DEFAULT_OOPS_KIND,
    title: input.title,
    severity: input.severity,
    description: values.description!,
    slug: system.slug!,
    customFields,
  };
  const stored = { ...row, completeness: completenessOf(row, linked) };
  const event = {
    type: 'oops.created' as const,
    teamId: actor.teamId,
    // Who logged it, as loggedByColumn reads it back: the name (never null) of the user who created it.
    payload: oopsEventBaseOf(writer, { ...stored, loggedBy: key ? null : actor.name }),
  };
  const insert: ShapedWrite<typeof stored> = {
    kind: 'oops.insert',
    values: stored,
    build: (values) => tx.insert(oops).overridingSystemValue().values(values).returning(writtenColumns),
  };
  const inserted = (await writeWithEvents(tx, insert, written, [event]))!;
  if (key) await recordReporter(tx, key, actor.userId, inserted.id);
  return inserted;
}

/** The stored row of the actor's team's incident, or 404. */
export async function findOopsRow(db: Db, actor: TeamActor, id: number): Promise<OopsRow> {
  const rows = await db
    .select()
    .from(oops)
    .where(and(eq(oops.id, id), eq(oops.teamId, actor.teamId)))
    .limit(1);
  if (!rows[0]) throw oopsNotFound();
  return rows[0];
}

/** The incident of the actor's team with this id, or 404 (another team's id is indistinguishable from none). */
export async function getOopsDetail(
  { db, actor, confidentialKey }: OopsContext,
  id: number,
): Promise<OopsDetail> {
  const [summary] = await preparedReads(db).detail.execute({ id, team: actor.teamId, today: actionToday() });
  if (!summary) throw oopsNotFound();
  const detail = toDetail(summary, summary.notes);
  if (summary.row.confidential) {
    detail.reported_by_you = await isConfidentialReporter(db, confidentialKey, actor.userId, id);
  }
  return detail;
}

export function getOopsByIdSlug(ctx: OopsContext, idSlug: string): Promise<OopsDetail> {
  const id = parseIdSlug(idSlug);
  if (id === null) throw oopsNotFound();
  return getOopsDetail(ctx, id);
}

/** Checks that the incident exists in the actor's team and may be edited (not closed). */
export async function assertEditable(db: Db, actor: TeamActor, id: number): Promise<OopsRow> {
  const row = await findOopsRow(db, actor, id);
  if (row.status === 'Closed') throw closedError();
  return row;
}

/**
 * Applies a partial update. A closed incident accepts only reopening (status Open, alone), and only from an owner or
 * admin. Unchanged values are not rewritten; with nothing changed, nothing is written. `linksChanged`: the caller
 * changed the incident's links in its transaction (with-links.ts), so its related_incidents changed too.
 */
export async function updateOops(
  ctx: OopsContext,
  id: number,
  input: UpdateOopsBody,
  linksChanged = false,
): Promise<OopsDetail> {
  if (
    input.description !== undefined &&
    input.what_happened !== undefined &&
    input.description !== input.what_happened
  ) {
    throw badRequest('description and what_happened are the same field; send one value.');
  }
  // An edit that writes only its row needs no transaction: it reads the row, and writes the change with its event in
  // one statement that applies only if the row is still the version it read (decision 027). One that lost that race
  // to another edit reads the row locked in a transaction. (An edit that writes links as well: with-links.ts.)
  const edited = await onOneConnection(ctx.db, (db) => editOops(ctx, db, id, input, false, linksChanged));
  if (edited !== STALE) return edited;
  return ctx.db.transaction(async (tx) => {
    const edited = await editOops(ctx, tx, id, input, true, linksChanged);
    if (edited === STALE) throw new Error('A locked incident changed during its edit.');
    return edited;
  });
}

async function editOops(
  { actor, confidentialKey }: OopsContext,
  db: Db,
  id: number,
  input: UpdateOopsBody,
  locked: boolean,
  linksChanged: boolean,
): Promise<OopsDetail | typeof STALE> {
  // The row, with what the answer needs besides it (notes, action counts, names): read once, before the write,
  // rather than read again after it (decision 027).
  const reads = preparedReads(db);
  const [read] = await (locked ? reads.detailForUpdate : reads.detail).execute({
    id,
    team: actor.teamId,
    today: actionToday(),
  });
  if (!read) throw oopsNotFound();
  const { row } = read;
  if (row.status === 'Closed') {
    const reopening = input.status === 'Open' && Object.keys(input).length === 1;
    if (!reopening) throw closedError();
    assertCanReopen(actor);
  }
  // The confidential reporter's own edits are recorded under the mask (resolved_by, events).
  const writer = await writerOn(db, confidentialKey, actor, row);
  const stored = { ...row, loggedBy: read.createdByName };
  const written = await writeOopsChanges(
    db,
    writer,
    stored,
    input,
    locked ? undefined : read.version,
    linksChanged,
  );
  if (written === STALE) return STALE;
  // A confidential report's answer says whether the caller reported it: that reads the answer again, on the same
  // connection (decision 027).
  if (row.confidential) return getOopsDetail({ db, actor, confidentialKey }, id);
  return editedDetail(read, written ?? row);
}

/** An edit's write found the row changed since it was read (writeOopsChanges with a version). */
export const STALE = Symbol('stale');

/**
 * Writes a validated change to an incident row with its event, and returns the row as written. The row is locked
 * (`for update`) in the caller's transaction, or `version` is the xmin it was read with: then the write applies only
 * to that version, and STALE says another write came first. Unchanged values are not rewritten; with nothing
 * changed, nothing is written and null is returned. `linksChanged`: the caller changed the incident's links, so its
 * related_incidents changed even where its column did not.
 */
export async function writeOopsChanges(
  db: Db,
  actor: TeamActor,
  row: LoggedRow,
  input: UpdateOopsBody,
  version?: string,
  linksChanged = false,
): Promise<WrittenOops | null | typeof STALE> {
  const id = row.id;
  const setup = incidentSetupOf(db, actor.teamId);
  await assertTypeAllowed(async () => (await setup()).types, input.oops_type, row.oopsType);
  const { custom_fields: sentCustom, resolved_at: sentResolvedAt, ...fields } = input;
  const sent = fields.timeline_events
    ? {
        ...fields,
        timeline_events: keepAutomaticEvents(
          withTimelineIds(fields.timeline_events, row.timelineEvents),
          row.timelineEvents,
        ),
      }
    : fields;
  const changes = changedValues(row, toColumnValues(sent));
  const closing = changes.status === 'Closed';
  Object.assign(changes, sentResolution(row, sentResolvedAt, closing, actorName(actor)));
  const custom = await customValuesOnUpdate(db, actor.teamId, setup, row, sentCustom, input.oops_type);
  if (custom && custom.changedLabels.length > 0) changes.customFields = custom.values;
  if (Object.keys(changes).length === 0 && !linksChanged) return null;
  const now = new Date();
  const system = systemFieldChanges(row, changes, actorName(actor), now);
  assertIncidentTimes({ ...row, ...changes }, changes, now);
  const timeline = withResolutionEvent(row, { ...row, ...changes }, actorName(actor), now);
  if (timeline) changes.timelineEvents = timeline;
  const next = { ...row, ...changes, ...system };
  // The event tells the incident as written: the row read, with the change.
  const base = oopsEventBaseOf(actor, next);
  const event: DomainEventInput =
    changes.status !== undefined
      ? {
          type: changes.status === 'Closed' ? 'oops.closed' : 'oops.reopened',
          teamId: actor.teamId,
          payload: base,
        }
      : {
          type: 'oops.updated',
          teamId: actor.teamId,
          payload: {
            ...base,
            changed: [
              ...changedFieldNames([
                ...Object.keys(changes),
                ...(linksChanged ? [FIELD_COLUMNS.related_incidents] : []),
              ]),
              ...(changes.resolvedAt !== undefined ? ['resolved_at'] : []),
              ...(custom?.changedLabels ?? []),
            ],
          },
        };
  const set = { ...changes, ...system, updatedAt: now };
  // The row's id and version are placeholders too; a set's keys are its columns', and never these two. So are both
  // completeness values: the statement picks one (storedCompleteness).
  const update: ShapedWrite<
    typeof set & { whereId: number; whereVersion: string | undefined; unlinked: number; linked: number }
  > = {
    kind: version === undefined ? 'oops.update' : 'oops.update-version',
    values: {
      ...set,
      whereId: id,
      whereVersion: version,
      unlinked: completenessOf(next),
      linked: completenessOf(next, true),
    },
    build: ({ whereId, whereVersion, unlinked, linked, ...values }) =>
      db
        .update(oops)
        // Drizzle's types take no placeholder in a set, but its update sends one as it does in an insert.
        .set({ ...(values as unknown as typeof set), completeness: storedCompleteness(unlinked, linked) })
        .where(and(eq(oops.id, whereId), whereVersion && sql`${oops}.xmin = ${whereVersion}::xid`))
        .returning(writtenColumns),
  };
  return (await writeWithEvents(db, update, written, [event])) ?? STALE;
}

/** The team's departments (from its incidents) merged with the default list (docs/product.md §7 /api/oops/departments). */
export async function listDepartments(ctx: OopsContext): Promise<string[]> {
  const { db, actor } = ctx;
  // From the statistics rollup (decision 016): one row per department, kind and severity, not one per record.
  const rows = await teamCached('department-names', () =>
    queryRows<{ name: string }>(
      db,
      sql`select distinct department as name from oops_group_stats
          where team_id = ${actor.teamId} and department <> '' limit 200`,
    ),
  );
  const names = new Set<string>(FALLBACK_DEPARTMENTS);
  for (const { name } of rows) if (name) names.add(name);
  return [...names];
}
