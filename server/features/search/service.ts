// The command palette's search (GET /api/search, decision 040): the team's incidents ranked title first, with
// highlighted snippets, and its actions and lessons; close spellings when the words match nothing.
import { sql, type SQL } from 'drizzle-orm';
import type { SearchQuery, SearchResponse } from '../../../common/contracts/search';
import type { Db } from '../../db/client';
import { lessons, oops, oopsActions } from '../../db/schema';
import {
  fuzzyCondition,
  fuzzyThreshold,
  headline,
  highlighted,
  matchCondition,
  rankOf,
  searchParams,
  SEARCH_CONFIG,
  tsQuery,
  type Highlighted,
} from '../../lib/full-text';
import { queryRows } from '../../lib/sql-rows';
import type { TeamActor } from '../../lib/actor';

export interface SearchContext {
  db: Db;
  actor: TeamActor;
}

/**
 * How many of the newest matching incidents are ranked: a common word matches thousands, and ranking (and reading)
 * each of them would cost what the list's capped count costs; the palette shows the best few of the recent ones.
 */
export const RANKED_WINDOW = 500;

/** The contract's shape of a highlighted text. */
const asRanges = ({ text, ranges }: Highlighted) => ({
  text,
  ranges: ranges.map(([start, end]) => ({ start, end })),
});
const plain = (text: string) => ({ text, ranges: [] });

/** The parts of an incident a snippet is cut from (the title has its own highlight). */
const snippetSource = sql`concat_ws(' · ', nullif(${oops.description}, ''), ${oops.rootCause}, ${oops.lessonLearned},
  ${oops.mitigationSteps})`;

interface IncidentRow {
  id: number;
  slug: string;
  status: string;
  title: string;
  snippet: string;
  rank: number;
}

async function rankedIncidents(db: Db, teamId: number, term: string, limit: number) {
  const { pattern, query } = searchParams(term);
  const q = tsQuery(query);
  // The window of newest matches is read through the team's indexes (decision 017's plans), ranked, then cut.
  const rows = await queryRows<IncidentRow>(
    db,
    sql`select id, slug, status::text as status, ${headline(sql`title`, q, true)} as title,
          ${headline(sql`snippet_source`, q)} as snippet, rank
        from (
          select ${oops.id}, ${oops.slug}, ${oops.status}, ${oops.title}, ${snippetSource} as snippet_source,
            ${rankOf(pattern, q)} as rank, ${oops.createdAt} as created_at
          from ${oops}
          where ${oops.teamId} = ${teamId} and ${matchCondition(pattern, q)}
          order by ${oops.createdAt} desc, ${oops.id} desc
          limit ${RANKED_WINDOW}
        ) as recent
        order by rank desc, created_at desc, id desc
        limit ${limit}`,
  );
  return rows.map((row) => ({
    id: Number(row.id),
    slug: row.slug,
    status: row.status,
    title: asRanges(highlighted(row.title, term)),
    snippet: asRanges(highlighted(row.snippet, term)),
    rank: Number(row.rank),
  }));
}

/** Incidents whose title or description has a word close to the search (pg_trgm), closest first, title first. */
async function closeIncidents(db: Db, teamId: number, term: string, limit: number) {
  const rows = await db.transaction(async (tx) => {
    await tx.execute(fuzzyThreshold);
    return queryRows<Omit<IncidentRow, 'snippet'> & { description: string }>(
      tx,
      sql`select ${oops.id} as id, ${oops.slug} as slug, ${oops.status}::text as status, ${oops.title} as title,
            left(${oops.description}, 160) as description,
            (word_similarity(${term}, ${oops.title}) + 0.5 * word_similarity(${term}, ${oops.description}))::float8
              as rank
          from ${oops}
          where ${oops.teamId} = ${teamId} and ${fuzzyCondition(term)}
          order by rank desc, ${oops.createdAt} desc, ${oops.id} desc
          limit ${limit}`,
    );
  });
  return rows.map((row) => ({
    id: Number(row.id),
    slug: row.slug,
    status: row.status,
    title: plain(row.title),
    snippet: plain(row.description),
    rank: Number(row.rank),
  }));
}

/** A text column matching the search: the substring rule or its words (no index: a team's actions and lessons). */
const textMatches = (column: SQL, pattern: string, query: SQL) =>
  sql`(${column} ilike ${pattern} or to_tsvector(${SEARCH_CONFIG}, ${column}) @@ ${query})`;

async function matchingActions(db: Db, teamId: number, term: string, limit: number) {
  const { pattern, query } = searchParams(term);
  const q = tsQuery(query);
  const title = sql`${oopsActions.title}`;
  const rows = await queryRows<{
    id: number;
    oops_id: number;
    oops_slug: string;
    status: string;
    title: string;
  }>(
    db,
    sql`select ${oopsActions.id} as id, ${oopsActions.oopsId} as oops_id, ${oops.slug} as oops_slug,
          ${oopsActions.status}::text as status, ${headline(title, q, true)} as title
        from ${oopsActions} join ${oops} on ${oops.id} = ${oopsActions.oopsId}
        where ${oops.teamId} = ${teamId} and ${textMatches(title, pattern, q)}
        order by (${oopsActions.status} = 'open') desc, ${oopsActions.id} desc
        limit ${limit}`,
  );
  return rows.map((row) => ({
    id: Number(row.id),
    oops_id: Number(row.oops_id),
    oops_slug: row.oops_slug,
    status: row.status,
    title: asRanges(highlighted(row.title, term)),
  }));
}

async function matchingLessons(db: Db, teamId: number, term: string, limit: number) {
  const { pattern, query } = searchParams(term);
  const q = tsQuery(query);
  const text = sql`${lessons.text}`;
  const rows = await queryRows<{ id: number; state: string; text: string }>(
    db,
    sql`select ${lessons.id} as id, ${lessons.state} as state, ${headline(text, q, true)} as text
        from ${lessons}
        where ${lessons.teamId} = ${teamId} and ${textMatches(text, pattern, q)}
        order by ${lessons.updatedAt} desc, ${lessons.id} desc
        limit ${limit}`,
  );
  return rows.map((row) => ({
    id: Number(row.id),
    state: row.state,
    text: asRanges(highlighted(row.text, term)),
  }));
}

/** The palette's answer for the actor's team. */
export async function search({ db, actor }: SearchContext, query: SearchQuery): Promise<SearchResponse> {
  const teamId = actor.teamId;
  const [incidents, actions, found] = await Promise.all([
    rankedIncidents(db, teamId, query.q, query.limit),
    matchingActions(db, teamId, query.q, query.limit),
    matchingLessons(db, teamId, query.q, query.limit),
  ]);
  if (incidents.length || actions.length || found.length) {
    return { incidents, actions, lessons: found, fuzzy: false };
  }
  // Nothing matched the words: perhaps they are misspelt.
  return {
    incidents: await closeIncidents(db, teamId, query.q, query.limit),
    actions,
    lessons: found,
    fuzzy: true,
  };
}
