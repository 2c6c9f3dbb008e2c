// Whether the team accepts confidential near-miss reports (decision 024): read from GET /api/team/current, under the
// team area's query key so both screens share one fetch and one cache entry.
import { useQuery } from '@tanstack/react-query';
import { teamSchema } from '../../../../common/contracts/team';
import { request } from '../../../lib/transport';

export function useConfidentialAllowed(): boolean {
  const team = useQuery({
    queryKey: ['team', 'current'],
    queryFn: ({ signal }) => request('/api/team/current', { schema: teamSchema, signal }),
  });
  return team.data?.confidential_near_misses === true;
}
