// Test data built from the contract types, so a contract change breaks the tests at compile time.
import type { User } from '../../common/contracts/auth';

let nextId = 1;

export function buildUser(overrides: Partial<User> = {}): User {
  const id = nextId++;
  return {
    id,
    name: `Test User ${id}`,
    username: `user${id}`,
    email: `user${id}@example.test`,
    user_department: null,
    is_active: true,
    is_super_admin: false,
    role: 'member',
    team: { id, name: `Team ${id}` },
    ...overrides,
  };
}
