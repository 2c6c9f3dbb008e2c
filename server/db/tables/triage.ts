// Triage of near-misses and learning moments (decision 049). Re-exported by ../schema.ts.
import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { teams, users } from './people';
import { oops, oopsActions } from './oops';

/**
 * A report's one triage: its just-culture outcome and note, who triaged it and when, the follow-up action "needs a
 * fix" created, and that fix's verification once the reporter has been told of it. The reporter is never stored here:
 * it is the incident's author, or for a confidential report its keyed hash (decision 024).
 */
export const oopsTriage = pgTable(
  'oops_triage',
  {
    oopsId: integer('oops_id')
      .primaryKey()
      .references(() => oops.id, { onDelete: 'cascade' }),
    teamId: integer('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    /** common/domain/triage.ts TRIAGE_OUTCOMES; checked in the migration. */
    outcome: text('outcome').notNull(),
    note: text('note').notNull(),
    triagedById: integer('triaged_by').references(() => users.id, { onDelete: 'set null' }),
    triagedAt: timestamp('triaged_at', { withTimezone: true }).notNull().defaultNow(),
    actionId: integer('action_id').references(() => oopsActions.id, { onDelete: 'set null' }),
    /** common/domain/triage.ts FIX_VERIFICATIONS: the fix's verification the reporter was told of. */
    fixVerification: text('fix_verification'),
    fixVerifiedAt: timestamp('fix_verified_at', { withTimezone: true }),
  },
  (t) => [
    index('oops_triage_team_triaged_idx').on(t.teamId, t.triagedAt),
    index('oops_triage_action_idx').on(t.actionId),
  ],
);
