// Contracts of the authentication calls of docs/product.md §7.
import { z } from 'zod';
import { INDUSTRIES, LIMITS, ROLES, USERNAME_PATTERN } from '../domain/options';
import { MESSAGES } from '../domain/messages';
import { emailField } from './common';

export const teamRef = z.object({ id: z.number(), name: z.string() });

/** The user object returned by login, register, verify and profile (docs/product.md §3). */
export const userSchema = z.object({
  id: z.number(),
  name: z.string(),
  username: z.string().nullable(),
  email: z.string(),
  user_department: z.string().nullable(),
  is_active: z.boolean(),
  is_super_admin: z.boolean(),
  role: z.enum(ROLES).nullable(),
  team: teamRef.nullable(),
  // Sent by every answer that carries the user; optional so that user objects of older answers still parse.
  avatar_url: z
    .url()
    .nullable()
    .optional()
    .meta({
      description:
        "The public avatar service's identicon for the e-mail hash, only where the installation turned it on " +
        '(AVATARS_GRAVATAR); null: the client draws the identicon itself from the same hash (decision 030).',
    }),
});
export type User = z.infer<typeof userSchema>;

export const nameField = z
  .string({ error: MESSAGES.nameRequired })
  .trim()
  .min(1, MESSAGES.nameRequired)
  .max(LIMITS.nameMax, `Full name must be at most ${LIMITS.nameMax} characters.`);

export const usernameField = z
  .string({ error: MESSAGES.usernameInvalid })
  .trim()
  .regex(USERNAME_PATTERN, MESSAGES.usernameInvalid);

export const passwordField = z
  .string({ error: 'Password is required.' })
  .max(LIMITS.passwordMax, `Password must be at most ${LIMITS.passwordMax} characters.`);

export const teamNameField = z
  .string({ error: MESSAGES.teamNameRequired })
  .trim()
  .min(LIMITS.teamNameMin, MESSAGES.teamNameRequired)
  .max(LIMITS.teamNameMax, MESSAGES.teamNameRequired);

export const industryField = z.enum(INDUSTRIES, { error: 'Please choose an industry from the list.' });

export const loginBody = z.strictObject({
  email: emailField,
  password: z
    .string({ error: 'Password is required.' })
    .min(1, 'Password is required.')
    .max(LIMITS.passwordMax),
  /** "Keep me signed in on this device": also set the refresh cookie (decision 033). */
  remember: z.boolean().optional(),
});
export const loginResponse = z.object({ token: z.string(), user: userSchema });
/** POST /api/auth/refresh answers as a sign-in does; the rotated credential rides in the cookie. */
export const refreshResponse = loginResponse;

/**
 * Registration payload (docs/product.md §3). teamName is required unless an invitation token is given;
 * the password rules are checked in the service so that the spec's full message can be built.
 */
export const registerBody = z.strictObject({
  email: emailField,
  password: passwordField,
  name: nameField,
  username: usernameField,
  teamName: z.string().trim().max(LIMITS.teamNameMax, MESSAGES.teamNameRequired).nullish(),
  industry: industryField,
  invitationToken: z.string().max(200).nullish(),
});
export type RegisterBody = z.infer<typeof registerBody>;
/** Without an invitation no session is created (docs/product.md §4), so token is absent. */
export const registerResponse = z.object({ user: userSchema, token: z.string().optional() });

export const logoutResponse = z.object({ success: z.literal(true) });
