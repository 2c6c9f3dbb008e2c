// Follow-up actions of an incident. Owners must be members of the incident's team.
import { and, eq } from 'drizzle-orm';
import type { Action, CreateActionBody } from '../../../common/contracts/actions';
import { actionToday } from '../../../common/domain/actions';
import { VERIFICATION_ERRORS } from '../../../common/domain/verification';
import type { Db } from '../../db/client';
import { memberships, oopsActions } from '../../db/schema';
import { badRequest, notFound } from '../../lib/errors';
import type { TeamActor } from '../../lib/actor';
import { emitEvents } from '../../events/outbox';
import {
  actionQuery,
  actionSnapshot,
  assertEditable,
  findOopsRow,
  oopsEventBase,
  readActions,
  toAction,
  type OopsContext,
} from '../oops';

type ActionInput = Partial<CreateActionBody>;

/** A new day to check again must not have passed (decision 048); the day it already has may stay. */
function assertVerifyOn(verifyOn: string | null | undefined, before: string | null = null): void {
  if (!verifyOn || verifyOn === before) return;
  if (verifyOn < actionToday()) throw badRequest(VERIFICATION_ERRORS.verifyOnPast);
}

/**
 * The verification columns a new or changed day to check again sets (decision 048): a day starts a new pending
 * round (asked again, the e-mail once more); no day means nothing to verify.
 */
function verificationRound(verifyOn: string | null) {
  return {
    verifyOn,
    verificationState: verifyOn === null ? null : ('pending' as const),
    verificationPromptedAt: null,
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

/** One action of an incident (the caller has checked the incident is the actor's team's), or 404. */
export async function readAction(db: Db, oopsId: number, actionId: number): Promise<Action> {
  const [row] = await actionQuery(db)
    .where(and(eq(oopsActions.id, actionId), eq(oopsActions.oopsId, oopsId)))
    .limit(1);
  if (!row) throw notFound('Action not found.');
  return toAction(row);
}

export async function listActions({ db, actor }: OopsContext, oopsId: number): Promise<Action[]> {
  await findOopsRow(db, actor, oopsId);
  return readActions(db, oopsId);
}

export async function createAction(
  { db, actor }: OopsContext,
  oopsId: number,
  input: ActionInput & { title: string },
): Promise<Action> {
  await assertEditable(db, actor, oopsId);
  await assertMember(db, actor, input.owner_id);
  assertVerifyOn(input.verify_on);
  const row = await db.transaction(async (tx) => {
    const [inserted] = await tx
      .insert(oopsActions)
      .values({
        oopsId,
        title: input.title,
        ownerId: input.owner_id ?? null,
        dueDate: input.due_date ?? null,
        ...statusChange(input.status ?? 'open'),
        verificationCheck: input.verification_check ?? null,
        ...verificationRound(input.verify_on ?? null),
        createdById: actor.userId,
      })
      .returning({ id: oopsActions.id });
    await emitActionEvent(tx, actor, 'action.created', oopsId, inserted!.id);
    return inserted;
  });
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
  if (input.verification_check !== undefined) set.verificationCheck = input.verification_check;
  await db.transaction(async (tx) => {
    const [before] = await tx
      .select({ status: oopsActions.status, verifyOn: oopsActions.verifyOn })
      .from(oopsActions)
      .where(and(eq(oopsActions.id, actionId), eq(oopsActions.oopsId, oopsId)))
      .for('update');
    if (!before) throw notFound('Action not found.');
    if (input.verify_on !== undefined && input.verify_on !== before.verifyOn) {
      assertVerifyOn(input.verify_on, before.verifyOn);
      Object.assign(set, verificationRound(input.verify_on));
    }
    // completed_at keeps the first moment it was done until it is reopened.
    if (input.status !== undefined && input.status !== before.status)
      Object.assign(set, statusChange(input.status));
    await tx.update(oopsActions).set(set).where(eq(oopsActions.id, actionId));
    const completed = before.status !== 'done' && input.status === 'done';
    await emitActionEvent(tx, actor, completed ? 'action.completed' : 'action.updated', oopsId, actionId);
  });
  return readAction(db, oopsId, actionId);
}

export async function deleteAction(
  { db, actor }: OopsContext,
  oopsId: number,
  actionId: number,
): Promise<void> {
  await assertEditable(db, actor, oopsId);
  await db.transaction(async (tx) => {
    // The event describes the action as it was, so it is read before the row goes.
    const [exists] = await tx
      .select({ id: oopsActions.id })
      .from(oopsActions)
      .where(and(eq(oopsActions.id, actionId), eq(oopsActions.oopsId, oopsId)))
      .for('update');
    if (!exists) throw notFound('Action not found.');
    await emitActionEvent(tx, actor, 'action.deleted', oopsId, actionId);
    await tx.delete(oopsActions).where(eq(oopsActions.id, actionId));
  });
}

/** The columns a status sets: done records when, open clears it. */
export function statusChange(status: 'open' | 'done', now = new Date()) {
  return { status, completedAt: status === 'done' ? now : null };
}

/** Who did it: a signed-in actor, or the owner who followed a reminder's link (team-actions.ts). */
export type ActionEventActor = Pick<TeamActor, 'teamId' | 'userId' | 'name' | 'email'>;

export async function emitActionEvent(
  tx: Db,
  actor: ActionEventActor,
  type: 'action.created' | 'action.updated' | 'action.completed' | 'action.deleted',
  oopsId: number,
  actionId: number,
): Promise<void> {
  await emitEvents(tx, {
    type,
    teamId: actor.teamId,
    payload: {
      ...(await oopsEventBase(tx, actor, oopsId)),
      action: await actionSnapshot(tx, oopsId, actionId),
    },
  });
}
