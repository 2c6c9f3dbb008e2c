import { z } from 'zod';
import { dbIdText } from './safe-input';

/** Every error body of the API (docs/product.md §7). */
export const errorBody = z.object({ error: z.string(), code: z.string().optional() });
export type ErrorBody = z.infer<typeof errorBody>;

export const messageBody = z.object({ message: z.string() });

/** Trimmed e-mail, lowercased so that one person has one account. */
export const emailField = z
  .string({ error: 'Email is required.' })
  .trim()
  .toLowerCase()
  .max(254, 'Email is too long.')
  .pipe(z.email({ error: 'Please enter a valid email address.' }));

export const idParam = z.object({ id: dbIdText() });
