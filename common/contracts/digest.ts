// Contracts of the weekly digest's calls: one-click unsubscribe (RFC 8058) and the team's time zone.
import { z } from 'zod';
import { TIME_ZONE_TEXTS, UNSUBSCRIBE_TEXTS } from '../domain/digest-texts';
import { canonicalTimeZone, TIME_ZONE_MAX } from '../domain/time-zones';

/** GET/POST /api/unsubscribe?token=… (the token is the credential; no sign-in). */
export const unsubscribeQuery = z.object({
  token: z
    .string({ error: UNSUBSCRIBE_TEXTS.missingToken })
    .trim()
    .min(1, UNSUBSCRIBE_TEXTS.missingToken)
    .max(200, UNSUBSCRIBE_TEXTS.invalidToken),
});
export const UNSUBSCRIBE_KIND_VALUES = ['digest', 'reminders', 'feedback'] as const;
export const unsubscribeResponse = z.object({
  unsubscribed: z.enum(UNSUBSCRIBE_KIND_VALUES),
  message: z.string(),
});
export type UnsubscribeResult = z.infer<typeof unsubscribeResponse>;

/** An IANA zone name, stored in its canonical spelling. */
export const timeZoneField = z
  .string({ error: TIME_ZONE_TEXTS.invalid })
  .trim()
  .max(TIME_ZONE_MAX, TIME_ZONE_TEXTS.invalid)
  .transform((value, ctx) => {
    const zone = canonicalTimeZone(value);
    if (zone === null) {
      ctx.addIssue({ code: 'custom', message: TIME_ZONE_TEXTS.invalid });
      return z.NEVER;
    }
    return zone;
  });

/** PUT /api/team/current/time-zone (owners and admins). */
export const timeZoneBody = z.strictObject({ time_zone: timeZoneField });
