// Confidential near-miss reports (decision 024). The incident row never names its reporter (created_by is null);
// the link is a keyed hash of (user, incident) in confidential_reporters, so the app can only ask "is this user the
// reporter of this incident?" and a copy of the database alone does not name anyone.
import { createHmac } from 'node:crypto';
import path from 'node:path';
import { and, desc, eq } from 'drizzle-orm';
import type { CreateOopsBody } from '../../../common/contracts/oops';
import { CONFIDENTIAL_MESSAGES, CONFIDENTIAL_REPORTER } from '../../../common/domain/confidential-texts';
import type { Db } from '../../db/client';
import { confidentialReporters, memberships, oops, teams } from '../../db/schema';
import { badRequest } from '../../lib/errors';
import { derivedKeyFor } from '../../lib/secret-box';
import type { TeamActor } from '../../lib/actor';

const keys = new Map<string, Buffer>();

/** The HMAC key of reporter hashes, derived from the installation's key (SECRETS_KEY or the key file). */
export function confidentialKeyFor(config: { secretsKey: string | undefined; dataDir: string }): Buffer {
  const id = config.secretsKey ? `key:${config.secretsKey}` : `dir:${path.resolve(config.dataDir)}`;
  let key = keys.get(id);
  if (!key) {
    key = derivedKeyFor(config, 'oopsboard confidential reporter v1');
    keys.set(id, key);
  }
  return key;
}

const reporterKeyOf = (key: Buffer, userId: number, oopsId: number) =>
  createHmac('sha256', key).update(`reporter:${userId}:${oopsId}`).digest('base64url');

/**
 * The actor as the product records a write by the confidential reporter of an incident: no id (0 is never a user)
 * and "Confidential reporter" as the name, in columns, notes and events alike.
 */
export function maskedActor(actor: TeamActor): TeamActor {
  return { ...actor, userId: 0, name: CONFIDENTIAL_REPORTER, email: CONFIDENTIAL_REPORTER };
}

/** Whether this user reported this incident confidentially (false without a key: such callers never mask). */
export async function isConfidentialReporter(
  db: Db,
  key: Buffer | undefined,
  userId: number,
  oopsId: number,
): Promise<boolean> {
  if (!key || userId <= 0) return false;
  const [found] = await db
    .select({ oopsId: confidentialReporters.oopsId })
    .from(confidentialReporters)
    .where(
      and(
        eq(confidentialReporters.oopsId, oopsId),
        eq(confidentialReporters.reporterKey, reporterKeyOf(key, userId, oopsId)),
      ),
    )
    .limit(1);
  return found !== undefined;
}

/** The actor writes on this incident are recorded under: masked for its confidential reporter. */
export async function writerOn(
  db: Db,
  key: Buffer | undefined,
  actor: TeamActor,
  row: { id: number; confidential: boolean },
): Promise<TeamActor> {
  if (!row.confidential) return actor;
  return (await isConfidentialReporter(db, key, actor.userId, row.id)) ? maskedActor(actor) : actor;
}

/** 400 unless a confidential report may be made: a near-miss, in a team that allows it, with a key to hash by. */
export async function assertMayReportConfidentially(
  tx: Db,
  actor: TeamActor,
  input: Pick<CreateOopsBody, 'kind'>,
  key: Buffer | undefined,
): Promise<Buffer> {
  if (input.kind !== 'near_miss') throw badRequest(CONFIDENTIAL_MESSAGES.onlyNearMiss);
  const [team] = await tx
    .select({ allowed: teams.confidentialNearMisses })
    .from(teams)
    .where(eq(teams.id, actor.teamId))
    .limit(1);
  if (!team?.allowed || !key) throw badRequest(CONFIDENTIAL_MESSAGES.notAllowed);
  return key;
}

/** Stores the reporter of a new confidential incident as a keyed hash only. */
export async function recordReporter(tx: Db, key: Buffer, userId: number, oopsId: number): Promise<void> {
  await tx.insert(confidentialReporters).values({ oopsId, reporterKey: reporterKeyOf(key, userId, oopsId) });
}

/** writerOn for an incident known by id (of the actor's team; an unknown id leaves the actor as is). */
export async function writerOnId(
  db: Db,
  key: Buffer | undefined,
  actor: TeamActor,
  oopsId: number,
): Promise<TeamActor> {
  const [row] = await db
    .select({ id: oops.id, confidential: oops.confidential })
    .from(oops)
    .where(and(eq(oops.id, oopsId), eq(oops.teamId, actor.teamId)))
    .limit(1);
  return row ? writerOn(db, key, actor, row) : actor;
}

/** How many of the team's newest confidential reports GET /api/oops/reported-by-me looks through. */
export const REPORTED_BY_ME_MAX = 500;

/**
 * The ids of the team's confidential reports (the newest REPORTED_BY_ME_MAX) this user made: lists are cached per
 * team and shared by every viewer, so "reported by you" on them comes from this per-viewer call.
 */
export async function listReportedByMe(db: Db, key: Buffer, actor: TeamActor): Promise<number[]> {
  const rows = await db
    .select({ oopsId: confidentialReporters.oopsId, reporterKey: confidentialReporters.reporterKey })
    .from(confidentialReporters)
    .innerJoin(oops, eq(oops.id, confidentialReporters.oopsId))
    .where(eq(oops.teamId, actor.teamId))
    .orderBy(desc(oops.id))
    .limit(REPORTED_BY_ME_MAX);
  return rows
    .filter((r) => r.reporterKey === reporterKeyOf(key, actor.userId, r.oopsId))
    .map((r) => r.oopsId);
}

/**
 * The member of the team who reported this confidential incident, or null: each member's hash is recomputed and
 * compared, so only the process that holds the key can tell. Used only to reach the reporter with feedback on their
 * own report (decision 049); the answer never goes into a response, a log, an event or a stored row.
 */
export async function findConfidentialReporter(
  db: Db,
  key: Buffer,
  teamId: number,
  oopsId: number,
): Promise<number | null> {
  const [stored] = await db
    .select({ reporterKey: confidentialReporters.reporterKey })
    .from(confidentialReporters)
    .where(eq(confidentialReporters.oopsId, oopsId))
    .limit(1);
  if (!stored) return null;
  const members = await db
    .select({ userId: memberships.userId })
    .from(memberships)
    .where(eq(memberships.teamId, teamId));
  return members.find((m) => reporterKeyOf(key, m.userId, oopsId) === stored.reporterKey)?.userId ?? null;
}
