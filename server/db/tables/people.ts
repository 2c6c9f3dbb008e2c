// People and access: users, teams, memberships, sessions, tokens, invitations, the audit log and single sign-on
// identities. Re-exported by ../schema.ts, the one entry point of table shapes.
import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { ApiTokenScope } from '../../../common/domain/api-tokens';
import { ROLES } from '../../../common/domain/options';
import { createdAt } from './columns';

export const roleEnum = pgEnum('team_role', ROLES);
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
    /** Feedback on the user's own reports: their triage outcome and the fix's verification (decision 049). */
    notifyFeedback: boolean('notify_feedback').notNull().default(true),
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
    /** The team's learning figures appear, by team id, on the operators' /metrics (decision 053). */
    shareMetrics: boolean('share_metrics').notNull().default(false),
    /** When an owner put the dashboard's new-team checklist away (decision 038); null while it shows. */
    onboardingDismissedAt: timestamp('onboarding_dismissed_at', { withTimezone: true }),
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
    /** The remembered device that opened this session, if any: signing the device out ends it too. */
    deviceId: integer('device_id').references(() => devices.id, { onDelete: 'cascade' }),
  },
  (t) => [
    uniqueIndex('sessions_token_hash_key').on(t.tokenHash),
    index('sessions_user_idx').on(t.userId),
    index('sessions_device_idx').on(t.deviceId),
  ],
);

/**
 * Remembered devices: "keep me signed in on this device" (docs/decisions/033-remembered-devices.md). A device holds
 * a chain of refresh credentials; it ends at `expires_at` (absolute) or when idle too long, on sign-out, or when an
 * old credential of its chain is presented again (reuse).
 */
export const devices = pgTable(
  'devices',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    ip: text('ip'),
    userAgent: text('user_agent'),
  },
  (t) => [index('devices_user_idx').on(t.userId)],
);

/**
 * The refresh credentials of a device's chain. Only the SHA-256 is stored. The current one has no `replaced_at`;
 * replaced ones are kept while the device lives, so that presenting one again is recognised as reuse.
 */
export const refreshCredentials = pgTable(
  'refresh_credentials',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    deviceId: integer('device_id')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    createdAt: createdAt(),
    replacedAt: timestamp('replaced_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('refresh_credentials_token_hash_key').on(t.tokenHash),
    index('refresh_credentials_device_idx').on(t.deviceId),
  ],
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
    /**
     * The team that was current when the token was made: removal from that team revokes it (decision 035). Null
     * for tokens made before this was recorded, which a removal from any team revokes.
     */
    teamId: integer('team_id').references(() => teams.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('api_tokens_token_hash_key').on(t.tokenHash),
    index('api_tokens_user_idx').on(t.userId),
  ],
);

/**
 * Display tokens (decision 050): `oops_wall_` + 32 random bytes, made by a team's owner or admin for an office
 * screen. They belong to the team, outlive their maker (created_by is kept for the list only) and read the team's
 * wall and nothing else; only the SHA-256 is stored, with the last characters as a hint.
 */
export const displayTokens = pgTable(
  'display_tokens',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    teamId: integer('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    tokenHash: text('token_hash').notNull(),
    tokenHint: text('token_hint').notNull(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('display_tokens_token_hash_key').on(t.tokenHash),
    index('display_tokens_team_idx').on(t.teamId),
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
