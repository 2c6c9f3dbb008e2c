// Contracts of the magic-link and password-reset calls (docs/product.md §7 Authentication).
import { z } from 'zod';
import { LIMITS } from '../domain/options';
import { userSchema } from './auth';
import { emailField, messageBody } from './common';
import { returnToField } from './sso';

export const tokenQuery = z.object({ token: z.string().trim().min(1, 'Missing token.').max(200) });

export const magicLinkBody = z.strictObject({
  email: emailField,
  name: z.string().trim().max(LIMITS.nameMax).nullish(),
  /** Keep the browser that uses the link signed in (decision 033). */
  remember: z.boolean().optional(),
  /** Where the link's sign-in goes afterwards. */
  returnTo: returnToField.nullish(),
});
export const magicLinkResponse = messageBody;

export const verifyResponse = z.object({
  success: z.literal(true),
  token: z.string(),
  user: userSchema,
  /** Where the user was going when they asked for the link; null for the dashboard. */
  returnTo: z.string().nullable().optional(),
});

export const requestResetBody = z.strictObject({ email: emailField });
export const resetTokenResponse = z.object({ valid: z.literal(true), email: z.string() });
export const resetPasswordBody = z.strictObject({
  token: z.string().trim().min(1, 'Missing token.').max(200),
  password: z.string({ error: 'Password is required.' }).max(LIMITS.passwordMax),
});

/** Server texts of these flows (the spec's where it gives them). */
export const RECOVERY_MESSAGES = {
  magicLinkSent: 'Magic link sent! Check your email.',
  magicLinkFailed: 'Failed to send magic link. Please try again.',
  tokenExpired: 'This link has expired. Please request a new one.',
  tokenInvalid: 'This link is invalid or has already been used.',
  resetRequested: 'If an account exists for that email, a password reset link is on its way.',
  resetInvalid: 'Invalid or expired reset token',
  resetDone: 'Your password has been reset. You can now sign in.',
  tooManyEmails: 'Too many e-mails requested. Please wait a few minutes and try again.',
} as const;
