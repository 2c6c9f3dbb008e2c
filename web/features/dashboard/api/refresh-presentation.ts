// POST /api/auth/refresh-presentation (docs/product.md §7): empty body, every 7200 s while presenting.
import { logoutResponse } from '../../../../common/contracts/auth';
import { request } from '../../../lib/transport';

export function postRefreshPresentation(): Promise<unknown> {
  // The answer is { success: true }, the same shape as logout's.
  return request('/api/auth/refresh-presentation', { method: 'POST', schema: logoutResponse });
}
