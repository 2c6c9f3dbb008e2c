/**
 * How long an answer counts as fresh for a second reader that mounts just after it arrived (a panel shown once the
 * page's first data is in, a section whose data the page asked for ahead of it): that reader takes the answer instead
 * of asking again, and the page does not render once more when the same answer comes back. Writes and live events
 * invalidate, which refetches regardless.
 */
export const JUST_FETCHED_MS = 5_000;
