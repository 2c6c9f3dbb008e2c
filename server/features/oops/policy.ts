// Who may do what with incidents (docs/product.md §6). Team scoping itself is in every query (team_id = actor's team).
import { MANAGER_ROLES } from '../../../common/domain/options';
import { OOPS_MESSAGES } from '../../../common/domain/oops-options';
import { AppError, forbidden } from '../../lib/errors';
import type { Actor } from '../../lib/actor';

export function canReopen(actor: Actor): boolean {
  return actor.role !== null && MANAGER_ROLES.includes(actor.role);
}

export function assertCanReopen(actor: Actor): void {
  if (!canReopen(actor)) throw forbidden(OOPS_MESSAGES.reopenForbidden);
}

export const closedError = () => new AppError('conflict', OOPS_MESSAGES.closedServer);
export const oopsNotFound = () => new AppError('not_found', OOPS_MESSAGES.notFound);
