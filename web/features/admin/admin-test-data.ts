// Test data for the admin component tests, typed from the contracts.
import type { AdminTeam } from './api/get-admin-teams';
import type { AdminUser, AdminUsers } from './api/get-admin-users';

export function buildAdminUser(overrides: Partial<AdminUser> = {}): AdminUser {
  return {
    id: 2,
    name: 'Grace Hopper',
    username: 'grace',
    email: 'grace@example.test',
    user_department: null,
    is_active: true,
    is_super_admin: false,
    created_at: '2026-01-05T09:00:00.000Z',
    team_count: 1,
    ...overrides,
  };
}

export function usersPage(users: AdminUser[], matched = users.length): AdminUsers {
  return {
    users,
    matched,
    totals: {
      total: matched,
      super_admins: users.filter((u) => u.is_super_admin).length,
      active: users.filter((u) => u.is_active).length,
      disabled: users.filter((u) => !u.is_active).length,
    },
  };
}

export function buildAdminTeam(overrides: Partial<AdminTeam> = {}): AdminTeam {
  return {
    id: 5,
    name: 'Rocket Team',
    owner_id: 2,
    created_at: '2026-01-05T09:00:00.000Z',
    member_count: 3,
    oops_count: 7,
    ...overrides,
  };
}
