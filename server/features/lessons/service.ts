// The lessons library (docs/decisions/020-lessons-library.md): the team's lessons, searchable and
// filtered by their incidents; adopting, verifying and merging them. Capturing happens in the database: row triggers
// on `oops` keep lessons in step with `lesson_learned` (migration lessons_library), whatever path writes incidents.
import { aliasedTable, and, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type {
  Lesson,
  LessonsQuery,
  LessonsResponse,
  UpdateLessonBody,
} from '../../../common/contracts/lessons';
import { DAY_MS } from '../../../common/domain/dashboard';
import { LESSON_LIMITS, LESSON_MESSAGES, type LessonState } from '../../../common/domain/lesson-texts';
import { MANAGER_ROLES } from '../../../common/domain/options';
import { idSlugOf } from '../../../common/domain/tags';
import type { Db } from '../../db/client';
import { lessonIncidents, lessons, oops, users } from '../../db/schema';
import { badRequest, forbidden, notFound } from '../../lib/errors';
import { containsPattern } from '../../lib/sql-like';
import { emitEvents, eventActor } from '../../events/outbox';
import type { TeamActor } from '../../lib/actor';

export interface LessonsContext {
  db: Db;
  actor: TeamActor;
}

const adopter = aliasedTable(users, 'adopter');
const verifier = aliasedTable(users, 'verifier');
const nameOf = (u: typeof users) => sql<string | null>`coalesce(${u.name}, ${u.email})`;

const selection = {
  id: lessons.id,
  text: lessons.text,
  state: lessons.state,
  whatChanged: lessons.whatChanged,
  adoptedById: lessons.adoptedById,
  adoptedByName: nameOf(adopter),
  adoptedAt: lessons.adoptedAt,
  verifiedById: lessons.verifiedById,
  verifiedByName: nameOf(verifier),
  verifiedAt: lessons.verifiedAt,
  createdAt: lessons.createdAt,
  updatedAt: lessons.updatedAt,
  incidentCount: sql<number>`(select count(*)::int from ${lessonIncidents} where ${lessonIncidents.lessonId} = ${lessons.id})`,
};
type LessonRow = Awaited<ReturnType<ReturnType<typeof baseQuery>['execute']>>[number];

const baseQuery = (db: Db) =>
  db
    .select(selection)
    .from(lessons)
    .leftJoin(adopter, eq(adopter.id, lessons.adoptedById))
    .leftJoin(verifier, eq(verifier.id, lessons.verifiedById));

const person = (id: number | null, name: string | null) => (id === null ? null : { id, name: name ?? '' });

function toLesson(row: LessonRow, incidents: Lesson['incidents']): Lesson {
  return {
    id: row.id,
    text: row.text,
    state: row.state as LessonState,
    what_changed: row.whatChanged,
    adopted_by: person(row.adoptedById, row.adoptedByName),
    adopted_at: row.adoptedAt?.toISOString() ?? null,
    verified_by: person(row.verifiedById, row.verifiedByName),
    verified_at: row.verifiedAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    incident_count: Number(row.incidentCount),
    incidents,
  };
}

/** The words of the log form's text as an OR-ed full-text query, like the similar incidents (similar.ts). */
function similarQuery(text: string): SQL | null {
  const words = text.match(/[\p{L}\p{N}]{3,}/gu)?.slice(0, 30) ?? [];
  return words.length ? sql`websearch_to_tsquery('english', ${words.join(' or ')})` : null;
}

/** Conditions on a lesson's incidents: it matches when at least one of its incidents does. */
function incidentConditions(query: LessonsQuery, now: number): SQL[] {
  const on: SQL[] = [];
  if (query.type) on.push(eq(oops.oopsType, query.type));
  if (query.department) on.push(eq(oops.areaDepartment, query.department));
  if (query.tag) on.push(sql`${query.tag} = any(${oops.tags})`);
  if (query.period) on.push(sql`${oops.createdAt} >= ${new Date(now - query.period * DAY_MS)}`);
  return on;
}

const linkedIncident = (conditions: SQL[]) =>
  sql`exists (select 1 from ${lessonIncidents} join ${oops} on ${oops.id} = ${lessonIncidents.oopsId}
    where ${lessonIncidents.lessonId} = ${lessons.id} and ${and(...conditions)})`;

/** The newest incidents of each lesson, at most LESSON_LIMITS.incidentsShown each, in one query. */
async function incidentsOf(db: Db, lessonIds: number[]): Promise<Map<number, Lesson['incidents']>> {
  const byLesson = new Map<number, Lesson['incidents']>();
  if (lessonIds.length === 0) return byLesson;
  const ranked = db
    .select({
      lessonId: lessonIncidents.lessonId,
      id: oops.id,
      slug: oops.slug,
      title: oops.title,
      oopsType: oops.oopsType,
      area: oops.areaDepartment,
      createdAt: oops.createdAt,
      n: sql<number>`row_number() over (partition by ${lessonIncidents.lessonId} order by ${oops.createdAt} desc, ${oops.id} desc)`.as(
        'n',
      ),
    })
    .from(lessonIncidents)
    .innerJoin(oops, eq(oops.id, lessonIncidents.oopsId))
    .where(inArray(lessonIncidents.lessonId, lessonIds))
    .as('ranked');
  const rows = await db
    .select()
    .from(ranked)
    .where(sql`${ranked.n} <= ${LESSON_LIMITS.incidentsShown}`)
    .orderBy(ranked.lessonId, ranked.n);
  for (const r of rows) {
    const list = byLesson.get(r.lessonId) ?? [];
    list.push({
      id: r.id,
      id_slug: idSlugOf(r),
      title: r.title,
      oops_type: r.oopsType,
      area_department: r.area,
      created_at: r.createdAt.toISOString(),
    });
    byLesson.set(r.lessonId, list);
  }
  return byLesson;
}

/** GET /api/lessons: the team's lessons, newest change first (best match first for `similar_to`). */
export async function listLessons(
  { db, actor }: LessonsContext,
  query: LessonsQuery,
  now = Date.now(),
): Promise<LessonsResponse> {
  const where: SQL[] = [eq(lessons.teamId, actor.teamId)];
  if (query.state) where.push(eq(lessons.state, query.state));
  if (query.search) {
    const pattern = containsPattern(query.search);
    where.push(or(ilike(lessons.text, pattern), ilike(lessons.whatChanged, pattern))!);
  }
  const onIncidents = incidentConditions(query, now);
  let order: SQL[] = [desc(lessons.updatedAt), desc(lessons.id)];
  if (query.similar_to !== undefined) {
    const ts = similarQuery(query.similar_to);
    if (!ts) return { lessons: [], matched: 0, next_offset: null };
    // The lessons of the team's incidents that best match the text, ranked by their best incident.
    const rank = sql`(select max(ts_rank(${oops.searchVector}, ${ts})) from ${lessonIncidents}
      join ${oops} on ${oops.id} = ${lessonIncidents.oopsId} where ${lessonIncidents.lessonId} = ${lessons.id})`;
    onIncidents.push(sql`${oops.searchVector} @@ ${ts}`);
    order = [sql`${rank} desc nulls last`, desc(lessons.updatedAt), desc(lessons.id)];
  }
  if (onIncidents.length) where.push(linkedIncident(onIncidents));

  const [rows, [counted]] = await Promise.all([
    baseQuery(db)
      .where(and(...where))
      .orderBy(...order)
      .limit(query.limit)
      .offset(query.offset),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(lessons)
      .where(and(...where)),
  ]);
  const matched = Number(counted?.n ?? 0);
  const incidents = await incidentsOf(
    db,
    rows.map((r) => r.id),
  );
  const next = query.offset + rows.length;
  return {
    lessons: rows.map((r) => toLesson(r, incidents.get(r.id) ?? [])),
    matched,
    next_offset: next < matched && rows.length > 0 ? next : null,
  };
}

async function readLesson(db: Db, teamId: number, id: number): Promise<Lesson> {
  const [row] = await baseQuery(db)
    .where(and(eq(lessons.id, id), eq(lessons.teamId, teamId)))
    .limit(1);
  if (!row) throw notFound(LESSON_MESSAGES.notFound);
  const incidents = await incidentsOf(db, [id]);
  return toLesson(row, incidents.get(id) ?? []);
}

function requireManager(actor: TeamActor): void {
  if (!MANAGER_ROLES.includes(actor.role)) throw forbidden(LESSON_MESSAGES.managersOnly);
}

type LessonChange = Partial<typeof lessons.$inferInsert>;

/**
 * The columns a state change sets, or a 400 for a step the lifecycle does not allow: forward one step at a time
 * (adopting needs what changed), back one step to undo a mistake (decision 020).
 */
function transition(from: LessonState, body: UpdateLessonBody, actor: TeamActor, now: Date): LessonChange {
  const to = body.state ?? from;
  if (to === from) {
    if (body.what_changed === undefined) return {};
    if (from === 'captured') throw badRequest(LESSON_MESSAGES.whatChangedNeedsAdoption);
    return { whatChanged: body.what_changed };
  }
  const clearAdoption = { whatChanged: null, adoptedById: null, adoptedAt: null };
  const clearVerification = { verifiedById: null, verifiedAt: null };
  switch (`${from}>${to}`) {
    case 'captured>adopted':
      if (body.what_changed === undefined) throw badRequest(LESSON_MESSAGES.whatChangedRequired);
      return { state: to, whatChanged: body.what_changed, adoptedById: actor.userId, adoptedAt: now };
    case 'adopted>verified':
      return {
        state: to,
        verifiedById: actor.userId,
        verifiedAt: now,
        ...(body.what_changed === undefined ? {} : { whatChanged: body.what_changed }),
      };
    case 'captured>verified':
      throw badRequest(LESSON_MESSAGES.verifyNeedsAdoption);
    case 'adopted>captured':
      if (body.what_changed !== undefined) throw badRequest(LESSON_MESSAGES.whatChangedNeedsAdoption);
      return { state: to, ...clearAdoption, ...clearVerification };
    case 'verified>adopted':
      return {
        state: to,
        ...clearVerification,
        ...(body.what_changed === undefined ? {} : { whatChanged: body.what_changed }),
      };
    default:
      throw badRequest(LESSON_MESSAGES.oneStepBack);
  }
}

/**
 * Statistics count adoptions: every change (even one that leaves the lesson as it was) makes the team's cached
 * answers stale in every process and refreshes its open dashboards (server/events/effects.ts).
 */
const emitLessonChanged = (tx: Db, actor: TeamActor, id: number) =>
  emitEvents(tx, {
    type: 'lesson.changed',
    teamId: actor.teamId,
    payload: { actor: eventActor(actor), lesson: { id } },
  });

/** PATCH /api/lessons/{id}: adopt (with what changed), verify, step back one state, or edit what changed. */
export async function updateLesson(
  { db, actor }: LessonsContext,
  id: number,
  body: UpdateLessonBody,
): Promise<Lesson> {
  await db.transaction(async (tx) => {
    const [found] = await tx
      .select({ state: lessons.state })
      .from(lessons)
      .where(and(eq(lessons.id, id), eq(lessons.teamId, actor.teamId)))
      .for('update');
    // Existence first: a member learns nothing more from a 403 than from the list they may read anyway.
    if (!found) throw notFound(LESSON_MESSAGES.notFound);
    requireManager(actor);
    const change = transition(found.state as LessonState, body, actor, new Date());
    await emitLessonChanged(tx, actor, id);
    if (Object.keys(change).length === 0) return;
    await tx
      .update(lessons)
      .set({ ...change, updatedAt: new Date() })
      .where(eq(lessons.id, id));
  });
  return readLesson(db, actor.teamId, id);
}

/**
 * POST /api/lessons/{id}/merge: the lesson's incidents move to `into`, which keeps its own text and state; the
 * merged lesson is deleted. Both must be the team's (404 otherwise, as for a missing one).
 */
export async function mergeLesson({ db, actor }: LessonsContext, id: number, into: number): Promise<Lesson> {
  await db.transaction(async (tx) => {
    // Both rows locked in id order, so two opposite merges cannot deadlock.
    const found = await tx
      .select({ id: lessons.id })
      .from(lessons)
      .where(and(inArray(lessons.id, [id, into]), eq(lessons.teamId, actor.teamId)))
      .orderBy(lessons.id)
      .for('update');
    if (!found.some((r) => r.id === id)) throw notFound(LESSON_MESSAGES.notFound);
    requireManager(actor);
    if (id === into) throw badRequest(LESSON_MESSAGES.mergeIntoItself);
    if (!found.some((r) => r.id === into)) throw notFound(LESSON_MESSAGES.mergeTargetNotFound);
    await tx.update(lessonIncidents).set({ lessonId: into }).where(eq(lessonIncidents.lessonId, id));
    await tx.delete(lessons).where(eq(lessons.id, id));
    await tx.update(lessons).set({ updatedAt: new Date() }).where(eq(lessons.id, into));
    await emitLessonChanged(tx, actor, into);
  });
  return readLesson(db, actor.teamId, into);
}
