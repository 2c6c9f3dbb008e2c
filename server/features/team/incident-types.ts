// The team's incident types (templates, decision 025): list, create, edit, archive and restore. The
// first call copies the six built-ins into the team's rows (server/lib/incident-types), so every type has an id.
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { IncidentTypeBody, IncidentTypeView } from '../../../common/contracts/incident-types';
import { INCIDENT_TYPE_LIMITS } from '../../../common/domain/incident-type-limits';
import { INCIDENT_TYPE_TEXTS as T } from '../../../common/domain/incident-type-texts';
import type { Severity } from '../../../common/domain/options';
import { UNTEMPLATED_TYPES, type IncidentTypeIcon } from '../../../common/domain/templates';
import type { Db } from '../../db/client';
import { oops, teamIncidentTypes, teams } from '../../db/schema';
import { AUDIT, recordAudit } from '../../lib/audit';
import { uniqueViolation } from '../../lib/db-errors';
import { badRequest, conflict, notFound } from '../../lib/errors';
import { seedTeamTypes } from '../../lib/incident-types';
import type { TeamContext } from './service';

type Row = typeof teamIncidentTypes.$inferSelect;

function toView(row: Row, counts: Map<string, number>): IncidentTypeView {
  return {
    id: row.id,
    name: row.name,
    icon: row.icon as IncidentTypeIcon,
    severity: row.severity as Severity,
    area_department: row.areaDepartment,
    tags: row.tags,
    detection_methods: row.detectionMethods,
    common_impacts: row.commonImpacts,
    owners: row.owners,
    root_causes: row.rootCauses,
    lessons_learned: row.lessonsLearned,
    position: row.position,
    archived: row.archivedAt !== null,
    incident_count: counts.get(row.name) ?? 0,
  };
}

const columnsOf = (body: IncidentTypeBody) => ({
  name: body.name,
  icon: body.icon,
  severity: body.severity,
  areaDepartment: body.area_department,
  tags: body.tags,
  detectionMethods: body.detection_methods,
  commonImpacts: body.common_impacts,
  owners: body.owners,
  rootCauses: body.root_causes,
  lessonsLearned: body.lessons_learned,
});

/** Incidents per type name (the team's incidents, counted in SQL). */
async function typeCounts(db: Db, teamId: number): Promise<Map<string, number>> {
  const rows = await db
    .select({ name: oops.oopsType, n: sql<number>`count(*)::int` })
    .from(oops)
    .where(and(eq(oops.teamId, teamId), sql`${oops.oopsType} is not null`))
    .groupBy(oops.oopsType);
  return new Map(rows.map((r) => [r.name ?? '', r.n]));
}

/** The team's types in order (active only unless asked), and the types every team may use besides. */
export async function listIncidentTypes(ctx: TeamContext, includeArchived: boolean) {
  const { db, actor } = ctx;
  await seedTeamTypes(db, actor.teamId, actor.userId);
  const rows = await db
    .select()
    .from(teamIncidentTypes)
    .where(
      and(
        eq(teamIncidentTypes.teamId, actor.teamId),
        includeArchived ? undefined : isNull(teamIncidentTypes.archivedAt),
      ),
    )
    .orderBy(asc(teamIncidentTypes.position), asc(teamIncidentTypes.id))
    .limit(INCIDENT_TYPE_LIMITS.typesMax);
  const counts = await typeCounts(db, actor.teamId);
  const taken = new Set(rows.map((r) => r.name.toLowerCase()));
  return {
    incident_types: rows.map((row) => toView(row, counts)),
    other_types: UNTEMPLATED_TYPES.filter((name) => !taken.has(name.toLowerCase())),
  };
}

/** Serialises the team's type edits (positions, the count limit, the first copy). */
async function lockTeam(tx: Db, teamId: number): Promise<void> {
  await tx.select({ id: teams.id }).from(teams).where(eq(teams.id, teamId)).for('update');
}

async function findRow(tx: Db, teamId: number, id: number): Promise<Row> {
  const [row] = await tx
    .select()
    .from(teamIncidentTypes)
    .where(and(eq(teamIncidentTypes.id, id), eq(teamIncidentTypes.teamId, teamId)))
    .for('update')
    .limit(1);
  if (!row) throw notFound(T.notFound);
  return row;
}

/** A duplicate name (any case) is a 409 with the text, not a database error. */
async function nameTaken<R>(write: () => Promise<R>): Promise<R> {
  try {
    return await write();
  } catch (error) {
    if (uniqueViolation(error) === 'team_incident_types_name_key') throw conflict(T.nameTaken);
    throw error;
  }
}

async function audit(ctx: TeamContext, tx: Db, change: string, row: { id: number; name: string }) {
  await recordAudit(tx, {
    action: AUDIT.incidentTypeChanged,
    actorId: ctx.actor.userId,
    teamId: ctx.actor.teamId,
    target: String(row.id),
    ip: ctx.ip,
    details: { change, name: row.name },
  });
}

async function viewOf(db: Db, teamId: number, id: number): Promise<IncidentTypeView> {
  const [row] = await db.select().from(teamIncidentTypes).where(eq(teamIncidentTypes.id, id)).limit(1);
  if (!row) throw notFound(T.notFound);
  return toView(row, await typeCounts(db, teamId));
}

/** Adds a type at the end of the team's list (owners and admins). */
export async function createIncidentType(
  ctx: TeamContext,
  body: IncidentTypeBody,
): Promise<IncidentTypeView> {
  const { actor } = ctx;
  const id = await nameTaken(() =>
    ctx.db.transaction(async (tx) => {
      await lockTeam(tx, actor.teamId);
      await seedTeamTypes(tx, actor.teamId, actor.userId);
      const [stats] = await tx
        .select({
          n: sql<number>`count(*)::int`,
          last: sql<number>`coalesce(max(${teamIncidentTypes.position}), -1)::int`,
        })
        .from(teamIncidentTypes)
        .where(eq(teamIncidentTypes.teamId, actor.teamId));
      if ((stats?.n ?? 0) >= INCIDENT_TYPE_LIMITS.typesMax) throw badRequest(T.tooMany);
      const [inserted] = await tx
        .insert(teamIncidentTypes)
        .values({
          ...columnsOf(body),
          teamId: actor.teamId,
          position: (stats?.last ?? -1) + 1,
          createdById: actor.userId,
          updatedById: actor.userId,
        })
        .returning({ id: teamIncidentTypes.id, name: teamIncidentTypes.name });
      await audit(ctx, tx, 'created', inserted!);
      return inserted!.id;
    }),
  );
  return viewOf(ctx.db, actor.teamId, id);
}

/**
 * Replaces a type's fields. A new name is carried to the team's incidents of the old name in the same
 * transaction, so a rename never strands them on a type that no longer exists.
 */
export async function updateIncidentType(
  ctx: TeamContext,
  id: number,
  body: IncidentTypeBody,
): Promise<IncidentTypeView> {
  const { actor } = ctx;
  await nameTaken(() =>
    ctx.db.transaction(async (tx) => {
      await lockTeam(tx, actor.teamId);
      const row = await findRow(tx, actor.teamId, id);
      await tx
        .update(teamIncidentTypes)
        .set({ ...columnsOf(body), updatedById: actor.userId, updatedAt: new Date() })
        .where(eq(teamIncidentTypes.id, id));
      if (row.name !== body.name) {
        await tx
          .update(oops)
          .set({ oopsType: body.name })
          .where(and(eq(oops.teamId, actor.teamId), eq(oops.oopsType, row.name)));
      }
      await audit(ctx, tx, row.name === body.name ? 'edited' : 'renamed', { id, name: body.name });
    }),
  );
  return viewOf(ctx.db, actor.teamId, id);
}

/** Archives (no longer offered for new incidents) or restores a type. */
export async function setIncidentTypeArchived(
  ctx: TeamContext,
  id: number,
  archived: boolean,
): Promise<IncidentTypeView> {
  const { actor } = ctx;
  await ctx.db.transaction(async (tx) => {
    await lockTeam(tx, actor.teamId);
    const row = await findRow(tx, actor.teamId, id);
    if ((row.archivedAt !== null) === archived) return;
    if (archived) {
      const [active] = await tx
        .select({ n: sql<number>`count(*)::int` })
        .from(teamIncidentTypes)
        .where(and(eq(teamIncidentTypes.teamId, actor.teamId), isNull(teamIncidentTypes.archivedAt)));
      // The log form's picker needs a tile.
      if ((active?.n ?? 0) <= 1) throw badRequest(T.lastActive);
    }
    await tx
      .update(teamIncidentTypes)
      .set({ archivedAt: archived ? new Date() : null, updatedById: actor.userId, updatedAt: new Date() })
      .where(eq(teamIncidentTypes.id, id));
    await audit(ctx, tx, archived ? 'archived' : 'restored', row);
  });
  return viewOf(ctx.db, actor.teamId, id);
}
