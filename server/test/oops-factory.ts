// Incident factory for API tests: logs an incident through the API as the given user.
import type { FastifyInstance } from 'fastify';
import type { OopsDetail } from '../../common/contracts/oops';
import type { SignedIn } from './factories';

export const VALID_OOPS = {
  title: 'Database outage in checkout',
  severity: 'High',
  description: 'The primary database ran out of connections during the sale.',
  oops_type: 'Service Outage',
  area_department: 'Engineering',
};

export async function logOops(
  app: FastifyInstance,
  as: SignedIn,
  overrides: Record<string, unknown> = {},
): Promise<OopsDetail> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/oops',
    headers: as.auth,
    payload: { ...VALID_OOPS, ...overrides },
  });
  if (res.statusCode !== 201) throw new Error(`create failed: ${res.statusCode} ${res.body}`);
  return res.json();
}
