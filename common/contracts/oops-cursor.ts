// The incident list's page cursor (decision 017): an opaque token for clients, base64url of the last row's
// created_at (to the microsecond, as stored) and id. Rows are ordered by (created_at desc, id desc), so "the rows
// after this one" is a range of the (team_id, created_at, id) index, however deep the page.
import { z } from 'zod';

export interface OopsCursor {
  /** ISO 8601 in UTC with up to 6 fractional digits, e.g. 2026-05-01T09:30:00.123456Z. */
  createdAt: string;
  id: number;
  /**
   * A page sorted otherwise than newest first (decision 041): the sort (`<key>.<dir>`) and the row's value of it as
   * text, which the next page continues after (ties broken by id).
   */
  sort?: { by: string; value: string };
}

export const OOPS_CURSOR_MESSAGE =
  'cursor is not a valid page cursor: send the next_cursor of the previous page unchanged.';

const SEPARATOR = '|';
const ISO_MICROS = /^([1-9]\d{3}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2})(\.\d{1,6})?Z$/;
const ID = /^[1-9]\d{0,9}$/;
const MAX_ID = 2 ** 31 - 1; // the id column is a PostgreSQL integer

const toBase64Url = (text: string) => btoa(text).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');

function fromBase64Url(token: string): string | null {
  if (!/^[A-Za-z0-9_-]+$/.test(token)) return null;
  try {
    const latin1 = atob(token.replace(/-/g, '+').replace(/_/g, '/'));
    return new TextDecoder('utf-8', { fatal: true }).decode(Uint8Array.from(latin1, (c) => c.charCodeAt(0)));
  } catch {
    return null;
  }
}

/** A real instant: Date.parse alone rolls 2026-02-31 over to March instead of refusing it. */
function isRealInstant(dateTime: string): boolean {
  const ms = Date.parse(`${dateTime}Z`);
  return Number.isFinite(ms) && new Date(ms).toISOString().slice(0, 19) === dateTime;
}

export function encodeOopsCursor(cursor: OopsCursor): string {
  const sorted = cursor.sort ? `${SEPARATOR}${cursor.sort.by}${SEPARATOR}${cursor.sort.value}` : '';
  // UTF-8 first: btoa takes Latin-1 only, and a sorted cursor can carry any text (an owner's name).
  return toBase64Url(String.fromCharCode(...new TextEncoder().encode(`${cursor.createdAt}${SEPARATOR}${cursor.id}${sorted}`)));
}

const SORT_BY = /^[a-z_]+\.(asc|desc)$/;

/** The cursor a token stands for, or null when it is not one this server could have made. */
export function decodeOopsCursor(token: string): OopsCursor | null {
  const text = fromBase64Url(token);
  const [createdAt, id, by, ...value] = text?.split(SEPARATOR) ?? [];
  if (createdAt === undefined || id === undefined) return null;
  // A sorted page's value may hold the separator itself: it is everything after the sort.
  if (by !== undefined && (!SORT_BY.test(by) || value.length === 0)) return null;
  const instant = ISO_MICROS.exec(createdAt);
  if (!instant || !isRealInstant(instant[1]!) || !ID.test(id) || Number(id) > MAX_ID) return null;
  return by === undefined
    ? { createdAt, id: Number(id) }
    : { createdAt, id: Number(id), sort: { by, value: value.join(SEPARATOR) } };
}

/**
 * The `cursor` query parameter: validated and decoded here, so the service only ever sees a sound cursor. Empty
 * means the first page, as a script's `cursor=$NEXT` does before it has one.
 */
export const oopsCursorParam = z
  .string()
  // Room for a sorted page's text value (at most 200 characters, up to 4 bytes each, in base64).
  .max(1200, OOPS_CURSOR_MESSAGE)
  .transform((token, ctx) => {
    if (token === '') return undefined;
    const cursor = decodeOopsCursor(token);
    if (!cursor) {
      ctx.addIssue({ code: 'custom', message: OOPS_CURSOR_MESSAGE });
      return z.NEVER;
    }
    return cursor;
  })
  .meta({
    description:
      'Opaque page cursor: the next_cursor of the previous page. Pages follow newest first (created_at, id).',
  });
