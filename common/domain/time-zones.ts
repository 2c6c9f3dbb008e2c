// Team time zones (the weekly digest's schedule): IANA names, checked with Intl so that the server and the
// browser accept the same ones. The digest's week arithmetic lives with the digest (server/features/digest/week.ts).

export const DEFAULT_TIME_ZONE = 'UTC';
/** IANA names are short; anything longer is not one. */
export const TIME_ZONE_MAX = 64;

/**
 * The canonical spelling of an IANA zone name ('europe/paris' → 'Europe/Paris'), or null when Intl does not know it.
 * Offsets such as '+02:00' are refused: a team's zone must follow its daylight-saving changes.
 */
export function canonicalTimeZone(name: string): string | null {
  if (name.length === 0 || name.length > TIME_ZONE_MAX || !/^[A-Za-z][A-Za-z0-9_+\-/]*$/.test(name))
    return null;
  try {
    return new Intl.DateTimeFormat('en-US', { timeZone: name }).resolvedOptions().timeZone;
  } catch {
    return null;
  }
}

/** The zones this runtime knows, UTC first (Intl's list leaves UTC out on some engines). */
export function timeZoneOptions(): string[] {
  const zones = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return [DEFAULT_TIME_ZONE, ...zones.filter((z) => z !== DEFAULT_TIME_ZONE)];
}
