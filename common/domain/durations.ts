// How long something took, as people read it: minutes under an hour, hours and minutes under a day, then days and
// hours ("45 min", "5 h 30 min", "8 d 6 h"), never "200 hours" (decision 046). One rule for every page that shows a
// duration.

const HOUR = 60;
const DAY = 24 * HOUR;

export function durationText(minutes: number): string {
  const total = Math.max(0, Math.round(minutes));
  if (total < HOUR) return `${total} min`;
  if (total < DAY) {
    const [hours, rest] = [Math.floor(total / HOUR), total % HOUR];
    return rest ? `${hours} h ${rest} min` : `${hours} h`;
  }
  // Past a day, minutes are noise: whole hours.
  const allHours = Math.round(total / HOUR);
  const [days, hours] = [Math.floor(allHours / 24), allHours % 24];
  return hours ? `${days} d ${hours} h` : `${days} d`;
}

/** A duration counted in days (with a fraction), as durationText says it. */
export const daysText = (days: number) => durationText(days * DAY);
