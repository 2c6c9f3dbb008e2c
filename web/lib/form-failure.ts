// How the account forms word a failure: the spec's text (title) and, below it, the reason the user can act on.
import { ACCOUNT_TEXTS } from '../../common/domain/account-texts';
import { ApiError } from './transport';

/** The server's reason for a refusal, or the network text when no answer came. */
export function failureReason(error: unknown): string {
  if (error instanceof ApiError && error.kind === 'http') return error.message;
  if (error instanceof ApiError && error.kind === 'invalid-response') return error.message;
  return ACCOUNT_TEXTS.networkErrorRetry;
}

/** The first message per field of a zod error, for form field errors. */
export function fieldErrors<F extends string>(issues: { path: PropertyKey[]; message: string }[]) {
  const errors: Partial<Record<F, string>> = {};
  for (const issue of issues) {
    const field = issue.path[0] as F | undefined;
    if (field !== undefined && errors[field] === undefined) errors[field] = issue.message;
  }
  return errors;
}
