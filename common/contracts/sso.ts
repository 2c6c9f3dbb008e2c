// Contracts of single sign-on (decision 022).
import { z } from 'zod';
import { RETURN_TO_MAX, RETURN_TO_PATTERN } from '../domain/return-to';
import { userSchema } from './auth';

/** GET /api/auth/providers: which sign-in methods the login page offers. */
export const authProvidersResponse = z.object({
  /** The OpenID provider's button text; null when single sign-on is not configured. */
  oidc: z.object({ name: z.string() }).nullable(),
  /** Password, sign-up and e-mail links only for super admins. */
  oidcOnly: z.boolean(),
});
export type AuthProviders = z.infer<typeof authProvidersResponse>;

/** Where to go after signing in: a path on this site only (never another origin). */
export const returnToField = z
  .string()
  .max(RETURN_TO_MAX)
  .regex(RETURN_TO_PATTERN, 'Must be a path on this site.');

/** "Keep me signed in on this device" as a query parameter (a plain link starts the flow). */
export const rememberQueryField = z.enum(['0', '1']).optional();

export const oidcStartQuery = z.object({ returnTo: returnToField.optional(), remember: rememberQueryField });

/** The provider's redirect; every field optional because failures arrive with `error` instead of `code`. */
export const oidcCallbackQuery = z.object({
  code: z.string().max(2000).optional(),
  state: z.string().max(500).optional(),
  error: z.string().max(200).optional(),
  error_description: z.string().max(2000).optional(),
  iss: z.string().max(500).optional(),
  session_state: z.string().max(500).optional(),
});

/** POST /api/auth/oidc/complete: the one-time hand-off code of the callback's redirect. */
export const oidcCompleteBody = z.strictObject({
  code: z.string().trim().min(1, 'Missing code.').max(200),
});
export const oidcCompleteResponse = z.object({
  token: z.string(),
  user: userSchema,
  /** Where the user was going when the sign-in started. */
  returnTo: z.string().nullable(),
});
