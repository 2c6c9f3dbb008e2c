// GET /api/team/current (docs/product.md §7 Team): name, industry and the user's role in it.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { teamSchema } from '../../../../common/contracts/team';
import { request } from '../../../lib/transport';

export type CurrentTeam = z.infer<typeof teamSchema>;

export function fetchCurrentTeam(signal?: AbortSignal): Promise<CurrentTeam> {
  return request('/api/team/current', { schema: teamSchema, signal });
}

export const currentTeamQuery = () =>
  queryOptions({ queryKey: ['team', 'current'], queryFn: ({ signal }) => fetchCurrentTeam(signal) });

export function useCurrentTeam() {
  return useQuery(currentTeamQuery());
}
