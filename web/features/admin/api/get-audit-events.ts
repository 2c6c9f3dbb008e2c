// GET /api/admin/audit?action=&actor_id=&team_id=&from=&to=&limit=&offset=: the security audit log.
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { auditResponse } from '../../../../common/contracts/admin';
import { request } from '../../../lib/transport';

export type AuditPage = z.infer<typeof auditResponse>;
export type AuditEvent = AuditPage['events'][number];

export interface AuditParams {
  action?: string;
  actorId?: number;
  teamId?: number;
  /** ISO instants, already converted from the viewer's local dates. */
  from?: string;
  to?: string;
  limit: number;
  offset: number;
}

export function auditQueryString(p: AuditParams): string {
  const params = new URLSearchParams({ limit: String(p.limit), offset: String(p.offset) });
  if (p.action) params.set('action', p.action);
  if (p.actorId !== undefined) params.set('actor_id', String(p.actorId));
  if (p.teamId !== undefined) params.set('team_id', String(p.teamId));
  if (p.from) params.set('from', p.from);
  if (p.to) params.set('to', p.to);
  return params.toString();
}

export function getAuditEvents(p: AuditParams, signal?: AbortSignal): Promise<AuditPage> {
  return request(`/api/admin/audit?${auditQueryString(p)}`, { schema: auditResponse, signal });
}

export const auditEventsQuery = (p: AuditParams) =>
  queryOptions({
    queryKey: ['admin', 'audit', p],
    queryFn: ({ signal }) => getAuditEvents(p, signal),
    placeholderData: keepPreviousData,
  });

export function useAuditEvents(p: AuditParams) {
  return useQuery(auditEventsQuery(p));
}
