// What the viewer may change on a member row (docs/product.md §6), mirroring the server's policy so the screen offers only
// what will be accepted: owners and admins change other members; nobody changes their own row; only an owner
// makes someone an owner or changes an owner's role.
import type { Member } from '../../../common/contracts/team';
import { MANAGER_ROLES, ROLES, type Role } from '../../../common/domain/options';

export interface Viewer {
  id: number;
  role: Role | null;
}

export interface MemberRights {
  department: boolean;
  /** Roles the viewer may pick for this member; empty when the role cannot be changed. */
  roles: readonly Role[];
}

export const isManager = (role: Role | null): boolean => role !== null && MANAGER_ROLES.includes(role);

export function memberRights(viewer: Viewer, member: Member): MemberRights {
  if (member.id === viewer.id || !isManager(viewer.role)) return { department: false, roles: [] };
  if (viewer.role === 'owner') return { department: true, roles: ROLES };
  return { department: true, roles: member.role === 'owner' ? [] : ROLES.filter((r) => r !== 'owner') };
}
