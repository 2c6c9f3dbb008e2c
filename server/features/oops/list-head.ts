// The list's head: the team's newest incidents, read once per change and kept as the bytes of the largest page (the
// dashboard's list of 100) with where each row starts and ends in them. Every other unfiltered page among them (the
// first pages of /oops, by offset or along the cursor) is cut from those bytes instead of being read and serialised
// again: after a write to a team that people watch, one read serves all of its first pages (decision 009).
// Kept as bytes, not objects: 100 summaries as objects were 111 KB of heap per team.
import { listOopsResponse, oopsSummarySchema, type ListOopsQuery } from '../../../common/contracts/oops';
import type { OopsCursor } from '../../../common/contracts/oops-cursor';
import { encodeOopsCursor } from '../../../common/contracts/oops-cursor';
import { OOPS_LIMITS } from '../../../common/domain/oops-options';
import { jsonBytes, ownBytes } from '../../cache/cached-json';
import { teamCached } from '../../cache/team-reads';
import { customFilterParams } from './custom-filter';
import { filterConditions, listOops, nextOf, readPage, teamTotal } from './list';
import { isDefaultSort } from './list-sorts';
import type { OopsContext } from './service';

/** Rows in the head: the largest page there is, so the dashboard's list is the head itself. */
export const HEAD_ROWS = OOPS_LIMITS.listLimitMax;

interface ListHead {
  /** The page of the newest HEAD_ROWS incidents, as the route sends it. */
  page: Buffer;
  /** Where each row's JSON starts in `page`, and where it ends. */
  starts: number[];
  ends: number[];
  /** Each row's place in the list's order. */
  positions: OopsCursor[];
  /** More rows follow the last one. */
  more: boolean;
  /** The team's total when the head was read: every page cut from it tells the same. */
  total: number;
}

const OPEN = '{"oops":[';

/**
 * A page's bytes: the frame the response schema writes for it (its `oops` empty), with the rows' JSON spliced
 * between the brackets of `oops`, which the schema writes first.
 */
function pageBytes(rows: Buffer, total: number, next: OopsCursor | null): Buffer {
  const frame = jsonBytes(listOopsResponse, {
    oops: [],
    total,
    matched: total,
    matched_capped: false,
    next_cursor: next && encodeOopsCursor(next),
  });
  if (frame.toString('latin1', 0, OPEN.length + 1) !== `${OPEN}]`)
    throw new Error('oops is not the first key');
  if (rows.length === 0) return frame;
  return Buffer.concat([frame.subarray(0, OPEN.length), rows, frame.subarray(OPEN.length)]);
}

async function readHead(ctx: OopsContext): Promise<ListHead> {
  return teamCached('list-head', async () => {
    const [read, total] = await Promise.all([
      readPage(ctx.db, ctx.actor.teamId, { limit: HEAD_ROWS, offset: 0 }, []),
      teamTotal(ctx),
    ]);
    const texts = read.rows.map((row) => JSON.stringify(oopsSummarySchema.parse(row)));
    const starts: number[] = [];
    const ends: number[] = [];
    let at = OPEN.length;
    for (const text of texts) {
      starts.push(at);
      at += Buffer.byteLength(text);
      ends.push(at);
      at += 1; // the comma
    }
    const page = ownBytes(pageBytes(Buffer.from(texts.join(',')), total, nextOf(read)));
    return { page, starts, ends, positions: read.positions, more: read.more, total };
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

/** The page of `limit` rows from row `from` of the head. */
function cut(head: ListHead, from: number, limit: number): Buffer {
  if (from === 0 && limit === HEAD_ROWS) return head.page;
  const to = Math.min(from + limit, head.positions.length);
  // The rows known to exist: those in the head, and one more when more follow.
  const more = head.positions.length + (head.more ? 1 : 0) > from + limit;
  const rows = from < to ? head.page.subarray(head.starts[from], head.ends[to - 1]) : Buffer.alloc(0);
  return pageBytes(rows, head.total, more ? head.positions[from + limit - 1]! : null);
}

/**
 * A list page as JSON bytes: cut from the head when it has no filter and lies within the head, read otherwise. Both
 * give the same bytes (list-head.test.ts).
 */
export async function listPageJson(ctx: OopsContext, query: ListOopsQuery): Promise<Buffer> {
  const unfiltered =
    filterConditions(query).length === 0 &&
    customFilterParams(query).length === 0 &&
    // Another sort, or a cursor of one, is read (and refused) by listOops.
    isDefaultSort(query) &&
    !query.cursor?.sort &&
    !(query.cursor && query.offset > 0); // listOops refuses that with its message
  // (A page after a cursor starts at the head's second row at the earliest.)
  if (unfiltered && (query.cursor ? 1 : query.offset) + query.limit <= HEAD_ROWS) {
    const head = await readHead(ctx);
    const from = startIn(head, query);
    if (from !== null && from + query.limit <= HEAD_ROWS) return cut(head, from, query.limit);
  }
  return jsonBytes(listOopsResponse, await listOops(ctx, query));
}
