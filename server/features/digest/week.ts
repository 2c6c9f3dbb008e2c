// The digest's week in a team's time zone (decision 021): ISO weeks, Monday 00:00 local to the next Monday, sent from
// Monday 09:00 local. Computed with Intl (the same zone names the setting accepts), not with the database's tzdata.

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
/** The digest goes out from this local hour on Monday. */
export const DIGEST_SEND_HOUR = 9;

interface LocalParts {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

function localParts(instant: number, timeZone: string): LocalParts {
  const parts: Record<string, number> = {};
  for (const p of formatter(timeZone).formatToParts(new Date(instant)))
    if (p.type !== 'literal') parts[p.type] = Number(p.value);
  return parts as unknown as LocalParts;
}

/** The zone's offset from UTC at `instant`, in ms (local wall time minus UTC). */
function offsetAt(instant: number, timeZone: string): number {
  const p = localParts(instant, timeZone);
  const wall = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
  return wall - Math.floor(instant / 1000) * 1000;
}

/** The instant at which the zone's clocks show this wall time (a time skipped by a DST change lands just after). */
function instantOf(wallAsUtc: number, timeZone: string): number {
  const first = wallAsUtc - offsetAt(wallAsUtc, timeZone);
  return wallAsUtc - offsetAt(first, timeZone);
}

/** ISO 8601 week label ('2026-W48') of a calendar date given as a UTC midnight. */
function isoWeekLabel(dateUtc: number): string {
  const d = new Date(dateUtc);
  const weekday = (d.getUTCDay() + 6) % 7; // Monday 0
  const thursday = new Date(dateUtc + (3 - weekday) * DAY_MS);
  const year = thursday.getUTCFullYear();
  const week = 1 + Math.floor((thursday.getTime() - Date.UTC(year, 0, 1)) / (7 * DAY_MS));
  return `${year}-W${String(week).padStart(2, '0')}`;
}

export interface DigestWeek {
  /** The ISO week `now` falls in, in the zone: the key of "once per week" (sends are unique per team, user, week). */
  week: string;
  /** This week's Monday 09:00 local: the digest is due from then until the week ends. */
  sendFrom: Date;
  /** The week the digest reports: last Monday 00:00 local up to this Monday 00:00 local. */
  periodStart: Date;
  periodEnd: Date;
  /** The report's first (Monday) and last (Sunday) calendar days, local, as YYYY-MM-DD. */
  firstDay: string;
  lastDay: string;
  /** Whether the digest of this week may go out at `now`. */
  due: boolean;
}

/** Where `now` stands in the digest's week of `timeZone`. */
export function digestWeek(now: Date, timeZone: string): DigestWeek {
  const p = localParts(now.getTime(), timeZone);
  const today = Date.UTC(p.year, p.month - 1, p.day);
  const monday = today - ((new Date(today).getUTCDay() + 6) % 7) * DAY_MS;
  const sendFrom = instantOf(monday + DIGEST_SEND_HOUR * HOUR_MS, timeZone);
  return {
    week: isoWeekLabel(today),
    sendFrom: new Date(sendFrom),
    periodStart: new Date(instantOf(monday - 7 * DAY_MS, timeZone)),
    periodEnd: new Date(instantOf(monday, timeZone)),
    firstDay: new Date(monday - 7 * DAY_MS).toISOString().slice(0, 10),
    lastDay: new Date(monday - DAY_MS).toISOString().slice(0, 10),
    due: now.getTime() >= sendFrom,
  };
}
