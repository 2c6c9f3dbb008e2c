// The inline-save failure texts of docs/product.md §8, by status.
import { OOPS_TEXTS } from '../../../common/domain/oops-texts';
import { MESSAGES } from '../../../common/domain/messages';
import { ApiError, errorMessage } from '../../lib/transport';

export function saveErrorText(error: unknown): string {
  if (error instanceof ApiError && error.status === 401) return OOPS_TEXTS.authFailed;
  if (error instanceof ApiError && error.status === 404) return OOPS_TEXTS.notFoundOrDenied;
  return OOPS_TEXTS.saveFailed(errorMessage(error, MESSAGES.networkError));
}
