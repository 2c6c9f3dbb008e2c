// Statistics rollups of the incidents (decision 016). Re-exported by ../schema.ts.
import { sql } from 'drizzle-orm';
import {
  bigint,
  date,
  integer,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { teams } from './people';
import { oopsKindEnum } from './oops';

// Statistics rollups (decision 016). Kept exact by statement triggers on `oops` in the transaction of every write,
// whatever path made it (API, CLI, ingestion, seeders, cascades); `npm run admin -- check-stats` compares them with
// a recomputation from raw rows. Days are UTC dates of `created_at`.

/** Per team, UTC day, kind and severity: what period statistics need (counts, completeness, MTTR sample). */
export const oopsDailyStats = pgTable(
  'oops_daily_stats',
  {
    teamId: integer('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    day: date('day').notNull(),
    kind: oopsKindEnum('kind').notNull(),
    severity: text('severity').notNull(),
    records: integer('records').notNull(),
    closed: integer('closed').notNull(),
    completenessSum: bigint('completeness_sum', { mode: 'number' }).notNull(),
    /** Closed records with a resolution time: the MTTR sample, and the sum of their resolution times. */
    resolved: integer('resolved').notNull(),
    resolutionSeconds: numeric('resolution_seconds').notNull(),
  },
  (t) => [primaryKey({ columns: [t.teamId, t.day, t.kind, t.severity] })],
);

/** Per team and UTC day with incidents: the first and last incident, from which the best streak is read. */
export const oopsIncidentDays = pgTable(
  'oops_incident_days',
  {
    teamId: integer('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    day: date('day').notNull(),
    incidents: integer('incidents').notNull(),
    firstAt: timestamp('first_at', { withTimezone: true }).notNull(),
    lastAt: timestamp('last_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.teamId, t.day] })],
);

/** Per team, department (area_department, '' for none), kind and severity, over all time: totals and the latest. */
export const oopsGroupStats = pgTable(
  'oops_group_stats',
  {
    teamId: integer('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    department: text('department').notNull(),
    kind: oopsKindEnum('kind').notNull(),
    severity: text('severity').notNull(),
    records: integer('records').notNull(),
    lastAt: timestamp('last_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.teamId, t.department, t.kind, t.severity] })],
);

/**
 * Per team, UTC day, signal and value: what the dashboard's recommendations count over a period (migration 0019).
 * Signals: `department` (area_department of a High or Critical incident), `type` (oops_type of an incident),
 * `cause` (root_cause, any kind; grouped case-insensitively when read) and `lesson` (value '': records with a lesson
 * learned, any kind). Keyed by the value's md5: a root cause may be longer than a btree key can hold.
 */
export const oopsDailySignals = pgTable(
  'oops_daily_signals',
  {
    teamId: integer('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    day: date('day').notNull(),
    signal: text('signal').notNull(),
    value: text('value').notNull(),
    records: integer('records').notNull(),
  },
  (t) => [uniqueIndex('oops_daily_signals_key_idx').on(t.teamId, t.day, t.signal, sql`md5(${t.value})`)],
);
