// Contracts of the /api/user calls of docs/product.md §7.
import { z } from 'zod';
import { FALLBACK_DEPARTMENTS, LIMITS } from '../domain/options';
import { MESSAGES } from '../domain/messages';
import { nameField, passwordField, usernameField, userSchema } from './auth';
import { messageBody } from './common';

export const departmentField = z
  .enum(FALLBACK_DEPARTMENTS, { error: 'Please choose a department from the list.' })
  .nullable();

export const profileBody = z.strictObject({
  name: nameField,
  username: usernameField,
  // The department select sends '' for "none".
  user_department: z.preprocess(
    (value) => (value === '' || value === undefined ? null : value),
    departmentField,
  ),
});
export const profileResponse = userSchema;

export const hasPasswordResponse = z.object({ hasPassword: z.boolean() });

const newPassword = passwordField.min(LIMITS.passwordMin, MESSAGES.passwordTooShort);

export const setPasswordBody = z
  .strictObject({ password: newPassword, confirmPassword: z.string().max(LIMITS.passwordMax) })
  .refine((b) => b.password === b.confirmPassword, {
    error: MESSAGES.passwordsMismatch,
    path: ['confirmPassword'],
  });

export const changePasswordBody = z
  .strictObject({
    currentPassword: z.string().min(1, 'Current password is required.').max(LIMITS.passwordMax),
    newPassword,
    confirmPassword: z.string().max(LIMITS.passwordMax),
  })
  .refine((b) => b.newPassword === b.confirmPassword, {
    error: MESSAGES.passwordsMismatch,
    path: ['confirmPassword'],
  });

export const passwordResponse = messageBody;

/** GET/PUT /api/user/notifications: which e-mails the user gets besides the ones they ask for. */
export const notificationsSchema = z.object({
  /** Follow-up action reminders (due tomorrow, overdue). */
  reminders: z.boolean(),
  /** The weekly digest of the team. */
  digest: z.boolean(),
  /** Feedback on the user's own reports: their triage outcome and the fix's verification (decision 049). */
  feedback: z.boolean(),
});
export type NotificationSettings = z.infer<typeof notificationsSchema>;
export const notificationsBody = z
  .strictObject({
    reminders: z.boolean({ error: 'reminders must be true or false.' }).optional(),
    digest: z.boolean({ error: 'digest must be true or false.' }).optional(),
    feedback: z.boolean({ error: 'feedback must be true or false.' }).optional(),
  })
  .refine((b) => Object.keys(b).length > 0, 'Send reminders, digest, feedback or several.');
