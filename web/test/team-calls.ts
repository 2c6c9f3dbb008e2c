// The calls the profile's team tabs make on arrival, answered for a signed-in `me` (the tests of the Team and Team
// Members tabs share them).
import type { User } from '../../common/contracts/auth';
import type { z } from 'zod';
import type { invitationSchema, Member } from '../../common/contracts/team';
import { TOKEN_STORAGE_KEY } from '../../common/domain/options';
import { jsonResponse } from './render';
import type { Reply } from './mock-api';

export const asMember = (u: User): Member => ({
  id: u.id,
  name: u.name,
  username: u.username,
  email: u.email,
  user_department: u.user_department,
  role: u.role ?? 'member',
});

/** Signs `me` in on this tab and answers its profile, its team, the members (`me` first) and the invitations. */
export function teamCalls(
  me: User,
  others: Member[],
  invitations: z.infer<typeof invitationSchema>[] = [],
): Record<string, Reply> {
  window.sessionStorage.setItem(TOKEN_STORAGE_KEY, 'tok');
  return {
    'GET /api/user/profile': jsonResponse(200, me),
    'GET /api/user/has-password': jsonResponse(200, { hasPassword: true }),
    'GET /api/team/current': jsonResponse(200, {
      id: me.team!.id,
      name: me.team!.name,
      industry: 'Technology',
      owner_id: 1,
      created_at: '2025-01-01T00:00:00.000Z',
      role: me.role,
      time_zone: 'UTC',
    }),
    'GET /api/team/current/members': jsonResponse(200, { members: [asMember(me), ...others] }),
    'GET /api/team/current/invitations': jsonResponse(200, { invitations }),
  };
}
