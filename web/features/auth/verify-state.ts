// The magic-link verify states of docs/product.md §4 and the texts of docs/product.md §8, as a pure function of the query's outcome.
import { ACCOUNT_TEXTS } from '../../../common/domain/account-texts';
import { ApiError } from '../../lib/transport';

export type VerifyState =
  { kind: 'loading' } | { kind: 'success' } | { kind: 'expired' } | { kind: 'error'; message: string };

export function verifyState(
  token: string | null,
  query: { isSuccess: boolean; isError: boolean; error: unknown },
): VerifyState {
  if (!token) return { kind: 'error', message: ACCOUNT_TEXTS.verifyMissingToken };
  if (query.isSuccess) return { kind: 'success' };
  if (!query.isError) return { kind: 'loading' };
  const error = query.error;
  if (!(error instanceof ApiError) || error.kind === 'network') {
    return { kind: 'error', message: ACCOUNT_TEXTS.networkErrorRetry };
  }
  if (error.kind === 'invalid-response')
    return { kind: 'error', message: ACCOUNT_TEXTS.verifyInvalidResponse };
  // docs/product.md §8: an error containing 'expired' shows the expired page.
  if (error.message.toLowerCase().includes('expired')) return { kind: 'expired' };
  return { kind: 'error', message: hasServerText(error) ? error.message : ACCOUNT_TEXTS.verifyFailed };
}

/** The transport words a refusal without an `error` field as 'Request failed (status)'; that is no reason. */
const hasServerText = (error: ApiError) => !/^Request failed \(\d+\)$/.test(error.message);
