// Follow-up actions of an incident. Owners must be members of the incident's team.
import { and, eq, sql } from 'drizzle-orm';
import type { Action } from '../../../common/contracts/actions';
import type { Db } from '../../db/client';
import { memberships, oopsActions, users } from '../../db/schema';
import { badRequest, notFound } from '../../lib/errors';
import type { TeamActor } from '../../plugins/auth';
import { assertEditable, findOopsRow, type OopsContext } from './service';

interface ActionInput {
  title?: string;
  owner_id?: number | null;
  due_date?: string | null;
  status?: 'open' | 'done';
}

const columns = {
  action: oopsActions,
  ownerName: sql<string | null>`coalesce(${users.name}, ${users.email})`,
};

function toAction({
  action,
  ownerName,
}: {
  action: typeof oopsActions.$inferSelect;
  ownerName: string | null;
}): Action {
  return {
    id: action.id,
    oops_id: action.oopsId,
    title: action.title,
    owner_id: action.ownerId,
    owner_name: action.ownerId === null ? null : ownerName,
    due_date: action.dueDate,
    status: action.status,
    created_at: action.createdAt.toISOString(),
    updated_at: action.updatedAt.toISOString(),
  };
}

async function assertMember(db: Db, actor: TeamActor, userId: number | null | undefined): Promise<void> {
  if (userId === null || userId === undefined) return;
  const rows = await db
    .select({ userId: memberships.userId })
    .from(memberships)
    .where(and(eq(memberships.userId, userId), eq(memberships.teamId, actor.teamId)))
    .limit(1);
  if (!rows[0]) throw badRequest('The owner must be a member of your team.');
}

const actionQuery = (db: Db) =>
  db.select(columns).from(oopsActions).leftJoin(users, eq(users.id, oopsActions.ownerId));

async function readAction(db: Db, oopsId: number, actionId: number): Promise<Action> {
  const [row] = await actionQuery(db)
    .where(and(eq(oopsActions.id, actionId), eq(oopsActions.oopsId, oopsId)))
    .limit(1);
  if (!row) throw notFound('Action not found.');
  return toAction(row);
}

export async function listActions({ db, actor }: OopsContext, oopsId: number): Promise<Action[]> {
  await findOopsRow(db, actor, oopsId);
  const rows = await actionQuery(db).where(eq(oopsActions.oopsId, oopsId)).orderBy(oopsActions.id).limit(500);
  return rows.map(toAction);
}

export async function createAction(
  { db, actor }: OopsContext,
  oopsId: number,
  input: ActionInput & { title: string },
): Promise<Action> {
  await assertEditable(db, actor, oopsId);
  await assertMember(db, actor, input.owner_id);
  const [row] = await db
    .insert(oopsActions)
    .values({
      oopsId,
      title: input.title,
      ownerId: input.owner_id ?? null,
      dueDate: input.due_date ?? null,
      status: input.status ?? 'open',
      createdById: actor.userId,
    })
    .returning({ id: oopsActions.id });
  return readAction(db, oopsId, row!.id);
}

export async function updateAction(
  { db, actor }: OopsContext,
  oopsId: number,
  actionId: number,
  input: ActionInput,
): Promise<Action> {
  await assertEditable(db, actor, oopsId);
  await assertMember(db, actor, input.owner_id);
  const set: Partial<typeof oopsActions.$inferInsert> = { updatedAt: new Date() };
  if (input.title !== undefined) set.title = input.title;
  if (input.owner_id !== undefined) set.ownerId = input.owner_id;
  if (input.due_date !== undefined) set.dueDate = input.due_date;
  if (input.status !== undefined) set.status = input.status;
  const updated = await db
    .update(oopsActions)
    .set(set)
    .where(and(eq(oopsActions.id, actionId), eq(oopsActions.oopsId, oopsId)))
    .returning({ id: oopsActions.id });
  if (!updated[0]) throw notFound('Action not found.');
  return readAction(db, oopsId, actionId);
}

export async function deleteAction(
  { db, actor }: OopsContext,
  oopsId: number,
  actionId: number,
): Promise<void> {
  await assertEditable(db, actor, oopsId);
  const deleted = await db
    .delete(oopsActions)
    .where(and(eq(oopsActions.id, actionId), eq(oopsActions.oopsId, oopsId)))
    .returning({ id: oopsActions.id });
  if (!deleted[0]) throw notFound('Action not found.');
}
