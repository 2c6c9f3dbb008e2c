// Idempotency keys of creates (decision 031). Re-exported by ../schema.ts.
import { index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';

/**
 * One row per (caller, Idempotency-Key): the fingerprint of the first request and, once it answered, its status and
 * sealed body, replayed to a retry for 24 hours. A row without a status is a request still running.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    /** `user:<id>` for a session, `token:<id>` for an API token: two callers never share a key. */
    principal: text('principal').notNull(),
    key: text('key').notNull(),
    /** SHA-256 of the method, URL and validated body of the first request. */
    fingerprint: text('fingerprint').notNull(),
    status: integer('status'),
    /** The first answer's body, sealed with the secrets key (a token's answer carries its secret once). */
    response: text('response'),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.principal, t.key] }),
    index('idempotency_keys_expires_idx').on(t.expiresAt),
  ],
);
