// The list's head: the team's newest incidents, read once per change and kept as the JSON bytes of their rows with
// where each row starts and ends. Every unfiltered page among them (the dashboard's recent list, the first pages of
// /oops, by offset or along the cursor) is cut from those bytes instead of being read and serialised again: after a
// write to a team that people watch, one read serves all of its first pages (decision 009, issue 12's tenth round).
// The head is kept as bytes, not objects: 100 summaries as objects were 111 KB of heap per team.
import { listOopsResponse, oopsSummarySchema, type ListOopsQuery } from '../../../common/contracts/oops';
import type { OopsCursor } from '../../../common/contracts/oops-cursor';
import { encodeOopsCursor } from '../../../common/contracts/oops-cursor';
import { OOPS_LIMITS } from '../../../common/domain/oops-options';
import { jsonBytes } from '../../lib/cached-json';
import { customFilterParams } from './custom-filter';
import { filterConditions, listOops, readPage, teamTotal } from './list';
import { teamCached, type OopsContext } from './service';

/** Rows in the head: the largest page there is, so the dashboard's list is one of the pages cut from it. */
export const HEAD_ROWS = OOPS_LIMITS.listLimitMax;

interface ListHead {
  /** The rows' JSON as a page's "oops" array holds them, separated by commas. */
  json: Buffer;
  /** Where each row's JSON starts in `json`, and where it ends. */
  starts: number[];
  ends: number[];
  /** Each row's place in the list's order. */
  positions: OopsCursor[];
  /** More rows follow the last one. */
  more: boolean;
}

async function readHead(ctx: OopsContext): Promise<ListHead> {
  return teamCached(ctx, 'list-head', async () => {
    const page = await readPage(ctx.db, ctx.actor.teamId, { limit: HEAD_ROWS, offset: 0 }, []);
    const texts = page.rows.map((row) => JSON.stringify(oopsSummarySchema.parse(row)));
    const starts: number[] = [];
    const ends: number[] = [];
    let at = 0;
    for (const text of texts) {
      starts.push(at);
      at += Buffer.byteLength(text);
      ends.push(at);
      at += 1; // the comma
    }
    return { json: Buffer.from(texts.join(',')), starts, ends, positions: page.positions, more: page.more };
  });
}

/** Where a page starts in the head, or null when its rows cannot all be found there. */
function startIn(head: ListHead, query: ListOopsQuery): number | null {
  if (!query.cursor) return query.offset;
  // Only a cursor the head made (the next_cursor of an earlier page): any other falls back to the database.
  const { createdAt, id } = query.cursor;
  const at = head.positions.findIndex((p) => p.id === id && p.createdAt === createdAt);
  return at < 0 ? null : at + 1;
}

const OPEN = '{"oops":[';

/** The page cut from the head: the frame the response schema writes, with the head's rows spliced into it. */
async function cut(ctx: OopsContext, head: ListHead, from: number, limit: number): Promise<Buffer> {
  const to = Math.min(from + limit, head.positions.length);
  // The rows known to exist: those in the head, and one more when more follow.
  const more = head.positions.length + (head.more ? 1 : 0) > from + limit;
  const total = await teamTotal(ctx);
  const frame = jsonBytes(listOopsResponse, {
    oops: [],
    total,
    matched: total,
    matched_capped: false,
    next_cursor: more ? encodeOopsCursor(head.positions[from + limit - 1]!) : null,
  });
  if (from >= to) return frame;
  // The schema writes `oops` first: the rows go between its brackets.
  if (frame.toString('latin1', 0, OPEN.length + 1) !== `${OPEN}]`)
    throw new Error('oops is not the first key');
  return Buffer.concat([
    frame.subarray(0, OPEN.length),
    head.json.subarray(head.starts[from], head.ends[to - 1]),
    frame.subarray(OPEN.length),
  ]);
}

/**
 * A list page as JSON bytes: cut from the head when it has no filter and lies within the head, read otherwise. Both
 * give the same bytes (list-head.test.ts).
 */
export async function listPageJson(ctx: OopsContext, query: ListOopsQuery): Promise<Buffer> {
  const unfiltered =
    filterConditions(query).length === 0 &&
    customFilterParams(query).length === 0 &&
    !(query.cursor && query.offset > 0); // listOops refuses that with its message
  if (unfiltered && (query.cursor ? 1 : query.offset) + query.limit <= HEAD_ROWS) {
    const head = await readHead(ctx);
    const from = startIn(head, query);
    if (from !== null && from + query.limit <= HEAD_ROWS) return cut(ctx, head, from, query.limit);
  }
  return jsonBytes(listOopsResponse, await listOops(ctx, query));
}
