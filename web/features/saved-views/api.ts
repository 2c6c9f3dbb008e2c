// /api/saved-views (decision 041): the signed-in user's saved views of the log in their current team.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  deleteSavedViewResponse,
  savedViewSchema,
  savedViewsResponse,
  type SavedView,
} from '../../../common/contracts/saved-views';
import { request } from '../../lib/transport';

export const SAVED_VIEWS_KEY = ['saved-views'] as const;

const NONE: SavedView[] = [];

export function useSavedViews(): { views: SavedView[]; isPending: boolean } {
  const query = useQuery({
    queryKey: SAVED_VIEWS_KEY,
    queryFn: ({ signal }) => request('/api/saved-views', { schema: savedViewsResponse, signal }),
  });
  return { views: query.data?.views ?? NONE, isPending: query.isPending };
}

/** Create and delete, each refreshing the list once the server has answered. */
export function useSavedViewWrites() {
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ queryKey: SAVED_VIEWS_KEY });
  const create = useMutation({
    mutationFn: (body: { name: string; query: string }) =>
      request('/api/saved-views', { method: 'POST', body, schema: savedViewSchema, retries: 0 }),
    onSuccess: refresh,
  });
  const remove = useMutation({
    mutationFn: (id: number) =>
      request(`/api/saved-views/${id}`, { method: 'DELETE', schema: deleteSavedViewResponse }),
    onSuccess: refresh,
  });
  return { create, remove };
}
