// The single source of table shapes (GUIDE.md §2). Migrations are generated from it with `npm run db:generate`.
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  customType,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  numeric,
  pgEnum,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { ApiTokenScope } from '../../common/domain/api-tokens';
import { ROLES } from '../../common/domain/options';
import { OOPS_KINDS, OOPS_STATUSES } from '../../common/domain/oops-options';
import type { TimelineEvent } from '../../common/domain/timeline';
import { WEBHOOK_DELIVERY_STATUSES, WEBHOOK_KINDS } from '../../common/domain/webhooks';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

export const roleEnum = pgEnum('team_role', ROLES);
export const oopsKindEnum = pgEnum('oops_kind', OOPS_KINDS);
export const oopsStatusEnum = pgEnum('oops_status', OOPS_STATUSES);
export const tokenKindEnum = pgEnum('one_time_token_kind', ['magic_link', 'password_reset', 'oidc_handoff']);

export const users = pgTable(
  'users',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    email: text('email').notNull(),
    name: text('name').notNull(),
    username: text('username'),
    passwordHash: text('password_hash'),
    userDepartment: text('user_department'),
    isActive: boolean('is_active').notNull().default(true),
    /** Granted by the operator CLI; SUPER_ADMIN_EMAILS also make a super admin (server/lib/super-admin.ts). */
    isSuperAdmin: boolean('is_super_admin').notNull().default(false),
    /** The team the user works in now; users may belong to several (memberships). */
    currentTeamId: integer('current_team_id'),
    /** E-mail preferences (GET/PUT /api/user/notifications): follow-up action reminders, the weekly digest. */
    notifyReminders: boolean('notify_reminders').notNull().default(true),
    notifyDigest: boolean('notify_digest').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_email_key').on(t.email),
    uniqueIndex('users_username_lower_key').on(sql`lower(${t.username})`),
  ],
);

export const teams = pgTable(
  'teams',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    name: text('name').notNull(),
    industry: text('industry'),
    ownerId: integer('owner_id').references(() => users.id, { onDelete: 'set null' }),
    /** IANA zone of the weekly digest's schedule (decision 021); checked with Intl on write. */
    timeZone: text('time_zone').notNull().default('UTC'),
    /** Members may report near-misses confidentially (decision 024). */
    confidentialNearMisses: boolean('confidential_near_misses').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [index('teams_owner_idx').on(t.ownerId)],
);

export const memberships = pgTable(
  'memberships',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    teamId: integer('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    role: roleEnum('role').notNull().default('member'),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.teamId] }), index('memberships_team_idx').on(t.teamId)],
);

/** Bearer sessions. Only the SHA-256 of the token is stored (docs/decisions/003-sessions.md). */
export const sessions = pgTable(
  'sessions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    tokenHash: text('token_hash').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    ip: text('ip'),
    userAgent: text('user_agent'),
  },
  (t) => [uniqueIndex('sessions_token_hash_key').on(t.tokenHash), index('sessions_user_idx').on(t.userId)],
);

/**
 * Personal access tokens (docs/decisions/013-api-tokens.md): `oops_pat_` + 32 random bytes; only the SHA-256 is
 * stored, with the last characters as a hint. They act as their user, in the user's current team and role, within
 * their scopes.
 */
export const apiTokens = pgTable(
  'api_tokens',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    tokenHash: text('token_hash').notNull(),
    tokenHint: text('token_hint').notNull(),
    scopes: text('scopes').array().notNull().$type<ApiTokenScope[]>(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('api_tokens_token_hash_key').on(t.tokenHash),
    index('api_tokens_user_idx').on(t.userId),
  ],
);

/** Magic-link and password-reset tokens; single use, hashed like sessions. */
export const oneTimeTokens = pgTable(
  'one_time_tokens',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    kind: tokenKindEnum('kind').notNull(),
    tokenHash: text('token_hash').notNull(),
    email: text('email').notNull(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    data: jsonb('data').$type<Record<string, unknown>>(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('one_time_tokens_hash_key').on(t.tokenHash),
    index('one_time_tokens_email_idx').on(t.kind, t.email),
  ],
);

export const invitations = pgTable(
  'invitations',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    teamId: integer('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    inviteeUsername: text('invitee_username'),
    tokenHash: text('token_hash').notNull(),
    invitedBy: integer('invited_by').references(() => users.id, { onDelete: 'set null' }),
    role: roleEnum('role').notNull().default('member'),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('invitations_token_hash_key').on(t.tokenHash),
    index('invitations_team_idx').on(t.teamId),
  ],
);

/** Security-relevant events. Never holds passwords or tokens. Also backs sign-in throttling. */
export const auditEvents = pgTable(
  'audit_events',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    actorId: integer('actor_id').references(() => users.id, { onDelete: 'set null' }),
    teamId: integer('team_id').references(() => teams.id, { onDelete: 'set null' }),
    action: text('action').notNull(),
    target: text('target'),
    ip: text('ip'),
    details: jsonb('details').$type<Record<string, unknown>>(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('audit_events_at_idx').on(t.at),
    index('audit_events_action_target_idx').on(t.action, t.target, t.at),
    index('audit_events_action_ip_idx').on(t.action, t.ip, t.at),
  ],
);

/** tsvector is not a Drizzle built-in; the column is generated by PostgreSQL from title and description. */
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/** Incidents, near-misses and learning moments (spec §3 Oops), always scoped to a team. */
export const oops = pgTable(
  'oops',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    teamId: integer('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    slug: text('slug').notNull(),
    kind: oopsKindEnum('kind').notNull().default('incident'),
    title: text('title').notNull(),
    description: text('description').notNull(),
    severity: text('severity').notNull(),
    status: oopsStatusEnum('status').notNull().default('Open'),
    areaDepartment: text('area_department'),
    department: text('department'),
    oopsType: text('oops_type'),
    productSystem: text('product_system'),
    impact: text('impact'),
    downtimeHours: doublePrecision('downtime_hours').notNull().default(0),
    usersAffected: text('users_affected'),
    systemsImpacted: text('systems_impacted'),
    detectionMethod: text('detection_method'),
    ownerName: text('owner_name'),
    rootCause: text('root_cause'),
    lessonLearned: text('lesson_learned'),
    preventability: smallint('preventability'),
    learningValue: smallint('learning_value'),
    processClarity: smallint('process_clarity'),
    tags: text('tags')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    relatedIncidents: text('related_incidents')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    timelineEvents: jsonb('timeline_events')
      .$type<TimelineEvent[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    occurredAt: timestamp('occurred_at', { withTimezone: true }),
    createdById: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    resolvedBy: text('resolved_by'),
    responseTeam: text('response_team'),
    responseTeamNotifiedAt: timestamp('response_team_notified_at', { withTimezone: true }),
    stakeholdersNotified: boolean('stakeholders_notified').notNull().default(false),
    stakeholdersNotifiedAt: timestamp('stakeholders_notified_at', { withTimezone: true }),
    rootCauseIdentifiedAt: timestamp('root_cause_identified_at', { withTimezone: true }),
    rootCauseIdentifiedBy: text('root_cause_identified_by'),
    mitigationSteps: text('mitigation_steps'),
    mitigationDeployedAt: timestamp('mitigation_deployed_at', { withTimezone: true }),
    processUpdated: boolean('process_updated').notNull().default(false),
    processUpdatedAt: timestamp('process_updated_at', { withTimezone: true }),
    processUpdatedBy: text('process_updated_by'),
    postmortemCompleted: boolean('postmortem_completed').notNull().default(false),
    postmortemCompletedAt: timestamp('postmortem_completed_at', { withTimezone: true }),
    /** common/domain/completeness.ts, stored on every write so that averages are computed in SQL. */
    completeness: smallint('completeness').notNull().default(0),
    /** The fingerprint of the monitoring alert that opened the incident (POST /api/ingest/…, decision 015). */
    alertFingerprint: text('alert_fingerprint'),
    /** A confidential near-miss: created_by is null and the reporter is only a keyed hash (decision 024). */
    confidential: boolean('confidential').notNull().default(false),
    searchVector: tsvector('search_vector').generatedAlwaysAs(
      sql`to_tsvector('english', coalesce(title, '') || ' ' || coalesce(description, ''))`,
    ),
  },
  (t) => [
    // Ascending on purpose: "ORDER BY created_at DESC, id DESC" (NULLS FIRST) is a backward scan of these;
    // a DESC NULLS LAST index would not match that order and the planner would sort the whole team instead.
    index('oops_team_created_idx').on(t.teamId, t.createdAt, t.id),
    index('oops_team_status_created_idx').on(t.teamId, t.status, t.createdAt, t.id),
    index('oops_team_kind_created_idx').on(t.teamId, t.kind, t.createdAt, t.id),
    index('oops_team_department_idx').on(t.teamId, t.areaDepartment),
    // Only alert incidents carry a fingerprint; repeats look up the team's open one by it.
    index('oops_team_alert_fingerprint_idx')
      .on(t.teamId, t.alertFingerprint)
      .where(sql`${t.alertFingerprint} is not null`),
    index('oops_search_idx').using('gin', t.searchVector),
    // The list's search is a case-insensitive substring match (ILIKE '%…%'); trigram indexes serve it on both
    // databases (decision 017). The migration creates the pg_trgm extension first.
    index('oops_title_trgm_idx').using('gin', t.title.op('gin_trgm_ops')),
    index('oops_description_trgm_idx').using('gin', t.description.op('gin_trgm_ops')),
  ],
);

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

/** Postmortem notes, sanitised on write (server/lib/sanitise.ts). */
export const oopsNotes = pgTable(
  'oops_notes',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    oopsId: integer('oops_id')
      .notNull()
      .references(() => oops.id, { onDelete: 'cascade' }),
    note: text('note').notNull(),
    addedById: integer('added_by_id').references(() => users.id, { onDelete: 'set null' }),
    addedBy: text('added_by').notNull(),
    addedAt: timestamp('added_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('oops_notes_oops_idx').on(t.oopsId, t.addedAt)],
);

export const actionStatusEnum = pgEnum('action_status', ['open', 'done']);

/** Follow-up actions: a title, an owner from the team, a due date and open/done. */
export const oopsActions = pgTable(
  'oops_actions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    oopsId: integer('oops_id')
      .notNull()
      .references(() => oops.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    ownerId: integer('owner_id').references(() => users.id, { onDelete: 'set null' }),
    dueDate: date('due_date', { mode: 'string' }),
    status: actionStatusEnum('status').notNull().default('open'),
    /** When it was last marked done (null while open): completion rates and days to complete. */
    completedAt: timestamp('completed_at', { withTimezone: true }),
    createdById: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('oops_actions_oops_idx').on(t.oopsId, t.status),
    // "My actions": a person's open actions by due date.
    index('oops_actions_owner_idx').on(t.ownerId, t.status, t.dueDate),
  ],
);

/**
 * Reminder e-mails of follow-up actions (server/features/oops/action-reminders.ts): one row per e-mail, unique per
 * action, kind and UTC day so that several processes send each reminder once. The e-mail's one-click "mark done"
 * link carries a random token stored here hashed; using it sets used_at (single use) before expires_at.
 */
export const actionReminders = pgTable(
  'action_reminders',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    actionId: integer('action_id')
      .notNull()
      .references(() => oopsActions.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['due_soon', 'overdue'] }).notNull(),
    sentOn: date('sent_on', { mode: 'string' }).notNull(),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('action_reminders_once_key').on(t.actionId, t.kind, t.sentOn),
    uniqueIndex('action_reminders_token_key').on(t.tokenHash),
  ],
);

/**
 * The outbox of domain events (server/lib/outbox.ts): written in the transaction of the change it describes, handed
 * to its consumers once committed, marked dispatched by the process that did it (rows are claimed with SKIP LOCKED).
 */
export const domainEvents = pgTable(
  'domain_events',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    teamId: integer('team_id'),
    type: text('type').notNull(),
    payload: jsonb('payload').notNull(),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull().defaultNow(),
    dispatchedAt: timestamp('dispatched_at', { withTimezone: true }),
  },
  (t) => [
    index('domain_events_pending_idx')
      .on(t.id)
      .where(sql`${t.dispatchedAt} is null`),
    index('domain_events_dispatched_idx').on(t.dispatchedAt),
  ],
);

export const webhookKindEnum = pgEnum('webhook_kind', WEBHOOK_KINDS);
export const webhookDeliveryStatusEnum = pgEnum('webhook_delivery_status', WEBHOOK_DELIVERY_STATUSES);

/** Outgoing webhooks of a team (server/features/webhooks). The signing secret is stored sealed (secret-box.ts). */
export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    teamId: integer('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    createdById: integer('created_by_id').references(() => users.id, { onDelete: 'set null' }),
    url: text('url').notNull(),
    kind: webhookKindEnum('kind').notNull(),
    /** Team event types, or ['*'] for all of them. */
    events: text('events').array().notNull(),
    description: text('description'),
    secretCiphertext: text('secret_ciphertext').notNull(),
    pausedAt: timestamp('paused_at', { withTimezone: true }),
    pauseReason: text('pause_reason'),
    /** Failed attempts in a row (reset by a success or by resuming); the endpoint pauses at 20. */
    consecutiveFailures: integer('consecutive_failures').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('webhook_endpoints_team_idx').on(t.teamId)],
);

/** One event (or test) to one endpoint, with the outcome of its latest attempt. */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    endpointId: integer('endpoint_id')
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    /** The outbox event; null for test deliveries. */
    eventId: bigint('event_id', { mode: 'number' }),
    /** The webhook-id header: stable across retries, so receivers can drop duplicates. */
    webhookId: text('webhook_id').notNull(),
    eventType: text('event_type').notNull(),
    /** The envelope sent: { type, timestamp, data }. */
    payload: jsonb('payload').notNull(),
    status: webhookDeliveryStatusEnum('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    firstAttemptAt: timestamp('first_attempt_at', { withTimezone: true }),
    lastAttemptAt: timestamp('last_attempt_at', { withTimezone: true }),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }),
    responseStatus: integer('response_status'),
    responseExcerpt: text('response_excerpt'),
    latencyMs: integer('latency_ms'),
    error: text('error'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('webhook_deliveries_endpoint_event_key').on(t.endpointId, t.eventId),
    index('webhook_deliveries_endpoint_idx').on(t.endpointId, t.id),
  ],
);

// ---- Lessons library (issue 13, docs/decisions/020-lessons-library.md). Lessons are captured from the incidents'
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

// ─── Weekly digest (issue 13 part 4, decision 021) ───────────────────────────────────────────────────────────────

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
    status: text('status', { enum: ['sending', 'sent', 'failed'] }).notNull().default('sending'),
    attempts: integer('attempts').notNull().default(1),
    claimedAt: timestamp('claimed_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('digest_sends_once_key').on(t.teamId, t.userId, t.week),
    index('digest_sends_user_idx').on(t.userId),
  ],
);

// ---- Single sign-on with OpenID Connect (docs/decisions/022-single-sign-on.md) ----

/** An account at an OpenID provider (issuer + subject, never the e-mail, which can change) linked to a user. */
export const userIdentities = pgTable(
  'user_identities',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    issuer: text('issuer').notNull(),
    subject: text('subject').notNull(),
    /** The e-mail the provider gave at the last sign-in (for operators; sign-in matches on issuer + subject). */
    email: text('email'),
    createdAt: createdAt(),
    lastSignInAt: timestamp('last_sign_in_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('user_identities_issuer_subject_key').on(t.issuer, t.subject),
    index('user_identities_user_idx').on(t.userId),
  ],
);

// Recurrence (issue 13, decision 019): links between incidents of one team. One row per pair, whichever way it was
// made (the unique index on the ordered pair); a repeat link says that oops_id repeats the earlier other_id.
/** Related incidents and repeats (spec §3 related_incidents), symmetric, always within one team. */
export const oopsLinks = pgTable(
  'oops_links',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    teamId: integer('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    oopsId: integer('oops_id')
      .notNull()
      .references(() => oops.id, { onDelete: 'cascade' }),
    otherId: integer('other_id')
      .notNull()
      .references(() => oops.id, { onDelete: 'cascade' }),
    /** True when oops_id is a repeat of other_id (always the earlier incident). */
    isRepeat: boolean('is_repeat').notNull().default(false),
    createdById: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('oops_links_pair_key').on(
      sql`least(${t.oopsId}, ${t.otherId})`,
      sql`greatest(${t.oopsId}, ${t.otherId})`,
    ),
    index('oops_links_oops_idx').on(t.oopsId),
    index('oops_links_other_idx').on(t.otherId),
    // Repeat rate and chains of a period: the team's repeat links.
    index('oops_links_team_repeat_idx')
      .on(t.teamId, t.oopsId)
      .where(sql`${t.isRepeat}`),
  ],
);

// Confidential near-miss reports (decision 024).

/**
 * Who reported a confidential near-miss, as HMAC-SHA256(key derived from SECRETS_KEY, "<user id>:<oops id>"): the
 * app can only ask "is this user the reporter of this incident?", and a database dump alone does not name anyone.
 */
export const confidentialReporters = pgTable('confidential_reporters', {
  oopsId: integer('oops_id')
    .primaryKey()
    .references(() => oops.id, { onDelete: 'cascade' }),
  reporterKey: text('reporter_key').notNull(),
});

// Team incident types (issue 14, decision 025): a team's editable templates. A team without rows uses the six
// built-in templates (common/domain/templates.ts); the first read or write of the team's list copies them here.
/** One incident type (template) of a team: its tile and suggestion lists; archived types stay on old incidents. */
export const teamIncidentTypes = pgTable(
  'team_incident_types',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    teamId: integer('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    icon: text('icon').notNull(),
    severity: text('severity').notNull(),
    areaDepartment: text('area_department').notNull().default(''),
    tags: text('tags').array().notNull().default(sql`'{}'::text[]`),
    detectionMethods: text('detection_methods').array().notNull().default(sql`'{}'::text[]`),
    commonImpacts: text('common_impacts').array().notNull().default(sql`'{}'::text[]`),
    owners: text('owners').array().notNull().default(sql`'{}'::text[]`),
    rootCauses: text('root_causes').array().notNull().default(sql`'{}'::text[]`),
    lessonsLearned: text('lessons_learned').array().notNull().default(sql`'{}'::text[]`),
    position: integer('position').notNull(),
    archivedAt: timestamp('archived_at', { withTimezone: true }),
    createdById: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedById: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('team_incident_types_name_key').on(t.teamId, sql`lower(${t.name})`)],
);
