// The team's custom fields (decision 026): list, create, edit, archive, restore and reorder the
// definitions. The values live on the incidents (oops.custom_fields), checked by server/lib/custom-fields.
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import {
  customFieldKeyFromLabel,
  customFieldOptionsError,
  type CreateCustomFieldBody,
  type CustomFieldView,
  type UpdateCustomFieldBody,
} from '../../../common/contracts/custom-fields';
import { CUSTOM_FIELD_LIMITS as L } from '../../../common/domain/custom-field-limits';
import { CUSTOM_FIELD_TEXTS as T } from '../../../common/domain/custom-field-texts';
import type { Db } from '../../db/client';
import { teamCustomFields, teamIncidentTypes, teams } from '../../db/schema';
import { AUDIT, recordAudit } from '../../lib/audit';
import { customFieldView, teamCustomFieldList } from '../../lib/custom-fields';
import { uniqueViolation } from '../../lib/db-errors';
import { badRequest, conflict, notFound } from '../../lib/errors';
import type { TeamContext } from './service';

type Row = typeof teamCustomFields.$inferSelect;

/** The team's fields in order (position, id); archived ones only when asked. */
export async function listCustomFields(ctx: TeamContext, includeArchived: boolean) {
  const fields = await teamCustomFieldList(ctx.db, ctx.actor.teamId);
  return { fields: includeArchived ? fields : fields.filter((f) => !f.archived) };
}

/** Serialises the team's field edits (positions, the count limit, default keys). */
async function lockTeam(tx: Db, teamId: number): Promise<void> {
  await tx.select({ id: teams.id }).from(teams).where(eq(teams.id, teamId)).for('update');
}

async function findRow(tx: Db, teamId: number, id: number): Promise<Row> {
  const [row] = await tx
    .select()
    .from(teamCustomFields)
    .where(and(eq(teamCustomFields.id, id), eq(teamCustomFields.teamId, teamId)))
    .for('update')
    .limit(1);
  if (!row) throw notFound(T.notFound);
  return row;
}

/** A duplicate label (any case) or key is a 409 with the text, not a database error. */
async function uniqueTexts<R>(write: () => Promise<R>): Promise<R> {
  try {
    return await write();
  } catch (error) {
    const violated = uniqueViolation(error);
    if (violated === 'team_custom_fields_label_key') throw conflict(T.labelTaken);
    if (violated === 'team_custom_fields_key_key') throw conflict(T.keyTaken);
    throw error;
  }
}

/** required_for may only name the team's own incident types. */
async function assertTeamTypes(tx: Db, teamId: number, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  const found = await tx
    .select({ id: teamIncidentTypes.id })
    .from(teamIncidentTypes)
    .where(and(eq(teamIncidentTypes.teamId, teamId), inArray(teamIncidentTypes.id, [...ids])));
  if (found.length !== new Set(ids).size) throw badRequest(T.requiredForUnknown);
}

async function activeCount(tx: Db, teamId: number): Promise<number> {
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(teamCustomFields)
    .where(and(eq(teamCustomFields.teamId, teamId), isNull(teamCustomFields.archivedAt)));
  return row?.n ?? 0;
}

/** The label's slug, made unique among the team's keys (archived fields keep theirs) with _2, _3… */
async function defaultKey(tx: Db, teamId: number, label: string): Promise<string> {
  const base = customFieldKeyFromLabel(label);
  const rows = await tx
    .select({ key: teamCustomFields.key })
    .from(teamCustomFields)
    .where(eq(teamCustomFields.teamId, teamId));
  const taken = new Set(rows.map((r) => r.key));
  for (let n = 1; ; n++) {
    const suffix = n === 1 ? '' : `_${n}`;
    const key = `${base.slice(0, L.keyMax - suffix.length).replace(/_+$/, '')}${suffix}`;
    if (!taken.has(key)) return key;
  }
}

async function audit(ctx: TeamContext, tx: Db, change: string, row: { id: number; key: string }) {
  await recordAudit(tx, {
    action: AUDIT.customFieldChanged,
    actorId: ctx.actor.userId,
    teamId: ctx.actor.teamId,
    target: String(row.id),
    ip: ctx.ip,
    details: { change, key: row.key },
  });
}

async function viewOf(db: Db, id: number): Promise<CustomFieldView> {
  const [row] = await db.select().from(teamCustomFields).where(eq(teamCustomFields.id, id)).limit(1);
  if (!row) throw notFound(T.notFound);
  return customFieldView(row);
}

/** Adds a field at the end of the team's list (owners and admins). */
export async function createCustomField(
  ctx: TeamContext,
  body: CreateCustomFieldBody,
): Promise<CustomFieldView> {
  const { actor } = ctx;
  const id = await uniqueTexts(() =>
    ctx.db.transaction(async (tx) => {
      await lockTeam(tx, actor.teamId);
      if ((await activeCount(tx, actor.teamId)) >= L.fieldsMax) throw badRequest(T.tooMany);
      await assertTeamTypes(tx, actor.teamId, body.required_for);
      const [last] = await tx
        .select({ n: sql<number>`coalesce(max(${teamCustomFields.position}), -1)::int` })
        .from(teamCustomFields)
        .where(eq(teamCustomFields.teamId, actor.teamId));
      const [inserted] = await tx
        .insert(teamCustomFields)
        .values({
          teamId: actor.teamId,
          key: body.key ?? (await defaultKey(tx, actor.teamId, body.label)),
          label: body.label,
          type: body.type,
          options: body.options ?? [],
          requiredFor: body.required_for,
          position: (last?.n ?? -1) + 1,
        })
        .returning({ id: teamCustomFields.id, key: teamCustomFields.key });
      await audit(ctx, tx, 'created', inserted!);
      return inserted!.id;
    }),
  );
  return viewOf(ctx.db, id);
}

/**
 * Edits a field's label, options and required types. key and type never change (stored values and filters depend
 * on them). Removing an option leaves the incidents that hold it as they are: their values stay readable.
 */
export async function updateCustomField(
  ctx: TeamContext,
  id: number,
  body: UpdateCustomFieldBody,
): Promise<CustomFieldView> {
  const { actor } = ctx;
  await uniqueTexts(() =>
    ctx.db.transaction(async (tx) => {
      await lockTeam(tx, actor.teamId);
      const row = await findRow(tx, actor.teamId, id);
      if (body.key !== undefined && body.key !== row.key) throw badRequest(T.keyImmutable);
      if (body.type !== undefined && body.type !== row.type) throw badRequest(T.typeImmutable);
      const options = body.options ?? row.options;
      const optionsError = customFieldOptionsError(row.type, options);
      if (optionsError) throw badRequest(optionsError);
      if (body.required_for) await assertTeamTypes(tx, actor.teamId, body.required_for);
      await tx
        .update(teamCustomFields)
        .set({
          label: body.label,
          options,
          requiredFor: body.required_for ?? row.requiredFor,
          updatedAt: new Date(),
        })
        .where(eq(teamCustomFields.id, id));
      await audit(ctx, tx, 'edited', row);
    }),
  );
  return viewOf(ctx.db, id);
}

/** Archives (hidden from forms, never required, values kept) or restores a field. */
export async function setCustomFieldArchived(
  ctx: TeamContext,
  id: number,
  archived: boolean,
): Promise<CustomFieldView> {
  const { actor } = ctx;
  await ctx.db.transaction(async (tx) => {
    await lockTeam(tx, actor.teamId);
    const row = await findRow(tx, actor.teamId, id);
    if ((row.archivedAt !== null) === archived) return;
    if (!archived && (await activeCount(tx, actor.teamId)) >= L.fieldsMax) throw badRequest(T.tooMany);
    await tx
      .update(teamCustomFields)
      .set({ archivedAt: archived ? new Date() : null, updatedAt: new Date() })
      .where(eq(teamCustomFields.id, id));
    await audit(ctx, tx, archived ? 'archived' : 'restored', row);
  });
  return viewOf(ctx.db, id);
}

/**
 * Puts the team's fields in the order of `ids`, which must name each active field once (archived ones may be
 * named too; those not named follow, in their old order).
 */
export async function reorderCustomFields(ctx: TeamContext, ids: readonly number[]) {
  const { actor } = ctx;
  await ctx.db.transaction(async (tx) => {
    await lockTeam(tx, actor.teamId);
    const rows = await tx
      .select({ id: teamCustomFields.id, archivedAt: teamCustomFields.archivedAt })
      .from(teamCustomFields)
      .where(eq(teamCustomFields.teamId, actor.teamId))
      .orderBy(asc(teamCustomFields.position), asc(teamCustomFields.id));
    const own = new Set(rows.map((r) => r.id));
    const named = new Set(ids);
    const complete = rows.every((r) => r.archivedAt !== null || named.has(r.id));
    if (named.size !== ids.length || !ids.every((id) => own.has(id)) || !complete) {
      throw badRequest(T.orderInvalid);
    }
    const order = [...ids, ...rows.filter((r) => !named.has(r.id)).map((r) => r.id)];
    for (const [position, id] of order.entries()) {
      await tx.update(teamCustomFields).set({ position }).where(eq(teamCustomFields.id, id));
    }
    await recordAudit(tx, {
      action: AUDIT.customFieldChanged,
      actorId: actor.userId,
      teamId: actor.teamId,
      ip: ctx.ip,
      details: { change: 'reordered' },
    });
  });
  return listCustomFields(ctx, true);
}
