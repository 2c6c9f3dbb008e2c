// Team permissions (docs/product.md §6): owners and admins manage members; only owners edit the team and touch owner roles;
// nobody changes their own role or department through the member table.
import { TEAM_MESSAGES } from '../../../common/contracts/team';
import { MANAGER_ROLES, type Role } from '../../../common/domain/options';
import { forbidden } from '../../lib/errors';
import type { TeamActor } from '../../plugins/auth';

/** Any member of the team. */
export const anyMember = (member: TeamActor): TeamActor => member;

export function requireManager(member: TeamActor): TeamActor {
  if (!MANAGER_ROLES.includes(member.role)) throw forbidden(TEAM_MESSAGES.managersOnly);
  return member;
}

export function requireOwner(member: TeamActor): TeamActor {
  if (member.role !== 'owner') throw forbidden(TEAM_MESSAGES.ownerOnly);
  return member;
}

/** Changing someone to or from owner is an owner's decision. */
export function assertMayChangeRole(actor: TeamActor, targetId: number, from: Role, to: Role): void {
  if (targetId === actor.userId) throw forbidden(TEAM_MESSAGES.notYourself);
  if ((from === 'owner' || to === 'owner') && actor.role !== 'owner')
    throw forbidden(TEAM_MESSAGES.ownerRoleOwnerOnly);
}
