// POST /api/auth/refresh-presentation (docs/product.md §7): empty body, every 7200 s while presenting.
import { schemaLater } from '../../../lib/schema-later';
import { request } from '../../../lib/transport';

const logoutResponse = schemaLater(
  async () => (await import('../../../../common/contracts/auth')).logoutResponse,
);

export function postRefreshPresentation(): Promise<unknown> {
  // The answer is { success: true }, the same shape as logout's.
  return request('/api/auth/refresh-presentation', { method: 'POST', schema: logoutResponse });
}
