// GET/PUT /api/user/notifications: follow-up action reminders and the weekly digest, on or off.
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { notificationsSchema, type NotificationSettings } from '../../../../common/contracts/account';
import { request } from '../../../lib/transport';

const key = ['user', 'notifications'] as const;

export const notificationsQuery = () =>
  queryOptions({
    queryKey: key,
    queryFn: ({ signal }) => request('/api/user/notifications', { schema: notificationsSchema, signal }),
  });

export function useNotifications() {
  return useQuery(notificationsQuery());
}

export function useUpdateNotifications() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: Partial<NotificationSettings>) =>
      request('/api/user/notifications', { method: 'PUT', body, schema: notificationsSchema }),
    onSuccess: (settings) => queryClient.setQueryData(key, settings),
  });
}
