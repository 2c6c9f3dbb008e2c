// Operator CLI: `npm run admin -- <command>`. Uses the configured database (DATA_DIR or DATABASE_URL); with the
// embedded database, stop the app first (it holds the DATA_DIR lock), except for `backup`, which the running app
// then makes (decision 039).
import fs from 'node:fs';
import { eq, sql } from 'drizzle-orm';
import { ConfigError, loadConfig } from './config';
import { openDatabase, type Database } from './db/client';
import { DataDirLockedError } from './db/dir-lock';
import { memberships, oops, oopsActions, oopsNotes, teams, users } from './db/schema';
import { recordAudit } from './lib/audit';
import { emitEvents } from './events/outbox';
import { setUserActive } from './lib/user-status';
import { checkStats } from './lib/stats-check';
import { queryRows } from './lib/sql-rows';
import { backup, restore } from './admin/backup';
import { copyToPostgres } from './admin/copy-to-postgres';
import { backupFromRunningApp } from './admin/online-backup';
import { AdminError } from './admin/fill';

const USAGE = `Usage: npm run admin -- <command>
  grant-super <email>          make an account a platform super admin
  revoke-super <email>         take that back (SUPER_ADMIN_EMAILS entries stay super admins)
  disable <email>              disable an account: its sessions, links and API tokens end at once
  enable <email>               enable an account again
  export-team <team id> [file] write a team's data as JSON (stdout without a file); no password hashes or tokens
  check-db                     check that the database opens, is migrated and answers
  check-stats [team id]        recompute the statistics rollups from the raw rows and report any difference
  copy-to-postgres <url>       copy the embedded database (DATA_DIR) into an empty PostgreSQL database, then check it
  backup <file>                write every table to a file (consistent while the app runs)
  restore <file>               fill an empty database of the same release from a backup file`;

class UsageError extends Error {}
/** The rollups disagree with the raw rows (exit code 1; the differences have been printed). */
export class StatsMismatchError extends Error {}

async function userByEmail(db: Database['db'], email: string) {
  const [user] = await db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(eq(users.email, email.trim().toLowerCase()))
    .limit(1);
  if (!user) throw new UsageError(`No account with the e-mail ${email}.`);
  return user;
}

export async function runCommand(
  database: Database,
  args: string[],
  out: (line: string) => void,
): Promise<void> {
  const { db } = database;
  const [command, arg, file] = args;
  switch (command) {
    case 'grant-super':
    case 'revoke-super': {
      if (!arg) throw new UsageError(USAGE);
      const user = await userByEmail(db, arg);
      await db.transaction(async (tx) => {
        await tx
          .update(users)
          .set({ isSuperAdmin: command === 'grant-super' })
          .where(eq(users.id, user.id));
        await recordAudit(tx, { action: `cli.${command.replace('-', '_')}`, target: String(user.id) });
        await emitEvents(tx, { type: 'user.updated', teamId: null, payload: { user_id: user.id } });
      });
      out(
        `${user.email} ${command === 'grant-super' ? 'is now' : 'is no longer'} a super admin (by the CLI flag).`,
      );
      return;
    }
    case 'disable':
    case 'enable': {
      if (!arg) throw new UsageError(USAGE);
      const user = await userByEmail(db, arg);
      await setUserActive(db, user.id, command === 'enable', { details: { via: 'cli' } });
      out(`${user.email} is ${command === 'disable' ? 'disabled; its sessions have ended' : 'enabled'}.`);
      return;
    }
    case 'export-team': {
      const teamId = Number(arg);
      if (!Number.isInteger(teamId) || teamId <= 0) throw new UsageError(USAGE);
      const [team] = await db.select().from(teams).where(eq(teams.id, teamId)).limit(1);
      if (!team) throw new UsageError(`No team with id ${arg}.`);
      const members = await db
        .select({
          id: users.id,
          email: users.email,
          name: users.name,
          username: users.username,
          user_department: users.userDepartment,
          role: memberships.role,
        })
        .from(memberships)
        .innerJoin(users, eq(users.id, memberships.userId))
        .where(eq(memberships.teamId, teamId));
      const incidents = await db.select().from(oops).where(eq(oops.teamId, teamId));
      const ids = incidents.map((o) => o.id);
      const inTeam = sql`${sql.raw('oops_id')} in (select id from oops where team_id = ${teamId})`;
      const notes = ids.length ? await db.select().from(oopsNotes).where(inTeam) : [];
      const actions = ids.length ? await db.select().from(oopsActions).where(inTeam) : [];
      const json = JSON.stringify(
        {
          exported_at: new Date().toISOString(),
          team,
          members,
          incidents: incidents.map(({ searchVector: _s, notesSearch: _n, ...o }) => o),
          notes,
          actions,
        },
        null,
        2,
      );
      if (file) {
        fs.writeFileSync(file, json);
        out(`Wrote team ${teamId} (${members.length} members, ${incidents.length} incidents) to ${file}.`);
      } else out(json);
      return;
    }
    case 'check-db': {
      await database.ping();
      const [counts] = await queryRows<{ users: number; teams: number; oops: number }>(
        db,
        sql`select (select count(*) from users)::int as users, (select count(*) from teams)::int as teams, (select count(*) from oops)::int as oops`,
      );
      const [migrations] = await queryRows<{ n: number }>(
        db,
        sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
      );
      out(
        `Database OK (${database.kind}): ${migrations!.n} migrations applied; ${counts!.users} users, ${counts!.teams} teams, ${counts!.oops} incidents.`,
      );
      return;
    }
    case 'check-stats': {
      if (arg !== undefined && !/^\d+$/.test(arg)) throw new UsageError(USAGE);
      const differences = await checkStats(db, arg === undefined ? undefined : Number(arg));
      const scope = arg === undefined ? 'every team' : `team ${arg}`;
      if (differences.length === 0) {
        out(`Statistics rollups match the raw rows for ${scope}.`);
        return;
      }
      for (const d of differences) {
        out(
          `${d.table} ${JSON.stringify(d.key)}: stored ${JSON.stringify(d.stored)}, expected ${JSON.stringify(d.expected)}`,
        );
      }
      throw new StatsMismatchError(
        `${differences.length}${differences.length >= 100 ? '+' : ''} statistics rollup rows differ from the raw rows for ${scope}.`,
      );
    }
    case 'copy-to-postgres':
      return copyToPostgres(database, arg, out);
    case 'backup':
      return backup(database, arg, out);
    case 'restore':
      return restore(database, arg, out);
    default:
      throw new UsageError(USAGE);
  }
}

async function main(): Promise<number> {
  const config = loadConfig();
  const args = process.argv.slice(2);
  let database: Database;
  try {
    database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  } catch (error) {
    // The embedded database is in use by the running app: it makes the backup itself (decision 039).
    if (!(error instanceof DataDirLockedError) || args[0] !== 'backup' || !args[1]) throw error;
    await backupFromRunningApp(config.dataDir, args[1], (line) => console.log(line));
    return 0;
  }
  try {
    await runCommand(database, args, (line) => console.log(line));
    return 0;
  } finally {
    await database.close();
  }
}

if (process.argv[1]?.endsWith('cli.ts')) {
  main().then(
    (code) => process.exit(code),
    (error: unknown) => {
      const known =
        error instanceof UsageError ||
        error instanceof ConfigError ||
        error instanceof DataDirLockedError ||
        error instanceof StatsMismatchError ||
        error instanceof AdminError;
      console.error(known ? error.message : error);
      process.exit(known && error instanceof UsageError && error.message === USAGE ? 2 : 1);
    },
  );
}
