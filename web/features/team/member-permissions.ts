// What the viewer may change on a member row (docs/product.md §6, decision 035), mirroring the server's policy so the screen
// offers only what will be accepted: owners and admins change and remove other members; nobody changes or removes
// their own row (they leave instead); only an owner makes someone an owner, changes or removes an owner, or hands
// the team over.
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
  remove: boolean;
  /** May make this member the team's owner (and become an admin). */
  transfer: boolean;
}

const NONE: MemberRights = { department: false, roles: [], remove: false, transfer: false };

export const isManager = (role: Role | null): boolean => role !== null && MANAGER_ROLES.includes(role);

export function memberRights(viewer: Viewer, member: Member): MemberRights {
  if (member.id === viewer.id || !isManager(viewer.role)) return NONE;
  if (viewer.role === 'owner') return { department: true, roles: ROLES, remove: true, transfer: true };
  const owner = member.role === 'owner';
  return {
    department: true,
    roles: owner ? [] : ROLES.filter((r) => r !== 'owner'),
    remove: !owner,
    transfer: false,
  };
}
