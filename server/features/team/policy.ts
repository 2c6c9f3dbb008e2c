// Team permissions (docs/product.md §6): owners and admins manage members; only owners edit the team and touch owner roles;
// nobody changes their own role or department through the member table.
import { TEAM_MESSAGES } from '../../../common/contracts/team';
import { MEMBER_TEXTS } from '../../../common/contracts/team-members';
import { MANAGER_ROLES, type Role } from '../../../common/domain/options';
import { forbidden } from '../../lib/errors';
import type { TeamActor } from '../../lib/actor';

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

/**
 * Removing someone follows the role rules (decision 035): owners and admins remove others, never themselves (they
 * leave); removing an owner is an owner's decision, as is changing an owner's role.
 */
export function assertMayRemove(actor: TeamActor, targetId: number, targetRole: Role): void {
  if (targetId === actor.userId) throw forbidden(MEMBER_TEXTS.notYourselfRemove);
  if (targetRole === 'owner' && actor.role !== 'owner') throw forbidden(MEMBER_TEXTS.ownerRemoveOwnerOnly);
}
