// Contracts of the sign-ins a user can see and end on their profile (decision 033): remembered devices and the
// browser sessions opened without one.
import { z } from 'zod';
import { idParam } from './common';

export const signInSchema = z.object({
  /** A remembered device (it opens new tabs' sessions), or one browser session. */
  kind: z.enum(['device', 'session']),
  id: z.number(),
  /** Browser and system, e.g. "Chrome on Linux"; "Unknown device" when the browser did not say. */
  device: z.string(),
  ip: z.string().nullable(),
  created_at: z.string(),
  last_used_at: z.string(),
  expires_at: z.string(),
  /** The sign-in this request came from (this tab, or the device this tab was opened from). */
  current: z.boolean(),
});
export type SignIn = z.infer<typeof signInSchema>;

export const signInsResponse = z.object({ sessions: z.array(signInSchema) });
export type SignInsResponse = z.infer<typeof signInsResponse>;

export const signInParams = idParam;
export const endSignInResponse = z.object({ success: z.literal(true) });
