// The learning loop: the lessons library and the weekly digest's sends. Re-exported by ../schema.ts.
import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { teams, users } from './people';
import { oops } from './oops';

// ---- Lessons library (docs/decisions/020-lessons-library.md). Lessons are captured from the incidents'
// `lesson_learned` by row triggers on `oops` (migration lessons_library), whatever path writes the incident.

/** A lesson of the team: captured → adopted (what changed, who, when) → verified (who, when). */
export const lessons = pgTable(
  'lessons',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    teamId: integer('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    text: text('text').notNull(),
    /** common/domain/lessons.ts LESSON_STATES; checked in the migration. */
    state: text('state').notNull().default('captured'),
    whatChanged: text('what_changed'),
    adoptedById: integer('adopted_by').references(() => users.id, { onDelete: 'set null' }),
    adoptedAt: timestamp('adopted_at', { withTimezone: true }),
    verifiedById: integer('verified_by').references(() => users.id, { onDelete: 'set null' }),
    verifiedAt: timestamp('verified_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('lessons_team_updated_idx').on(t.teamId, t.updatedAt, t.id),
    // The trigger joins an incident to the team's lesson with the same text (case and outer spaces aside).
    index('lessons_team_key_idx').on(t.teamId, sql`lower(${t.text})`),
    index('lessons_team_adopted_idx').on(t.teamId, t.adoptedAt),
    index('lessons_text_trgm_idx').using('gin', t.text.op('gin_trgm_ops')),
  ],
);

/** Which incidents a lesson came from: one lesson per incident (its one `lesson_learned`), many incidents per lesson. */
export const lessonIncidents = pgTable(
  'lesson_incidents',
  {
    oopsId: integer('oops_id')
      .primaryKey()
      .references(() => oops.id, { onDelete: 'cascade' }),
    lessonId: integer('lesson_id')
      .notNull()
      .references(() => lessons.id, { onDelete: 'cascade' }),
  },
  (t) => [index('lesson_incidents_lesson_idx').on(t.lessonId)],
);

// ─── Weekly digest (decision 021) ───────────────────────────────────────────────────────────────

/**
 * One weekly digest e-mail per team, user and ISO week of the team's zone: claimed by inserting this row before the
 * e-mail goes out, so several processes send it once. A failed send is marked 'failed' and retried by later runs of
 * the same week, up to a few attempts; a row left 'sending' by a crash is never retried (never twice, at worst none).
 */
export const digestSends = pgTable(
  'digest_sends',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    teamId: integer('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** ISO week in the team's zone, '2026-W48' (sorts as text in time order). */
    week: text('week').notNull(),
    status: text('status', { enum: ['sending', 'sent', 'failed'] })
      .notNull()
      .default('sending'),
    attempts: integer('attempts').notNull().default(1),
    claimedAt: timestamp('claimed_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('digest_sends_once_key').on(t.teamId, t.userId, t.week),
    index('digest_sends_user_idx').on(t.userId),
  ],
);
