// The log's saved views (decision 041): a user's named query strings of the /oops page, per team.
import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { teams, users } from './people';

export const savedViews = pgTable(
  'saved_views',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    teamId: integer('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** The page's query string without its `?`: filters, sort and view (common/contracts/saved-views.ts). */
    query: text('query').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    // One name once per user and team, whatever its case: "My open" and "my open" would be two lines alike.
    uniqueIndex('saved_views_user_team_name_key').on(t.userId, t.teamId, sql`lower(${t.name})`),
    index('saved_views_team_idx').on(t.teamId),
  ],
);
