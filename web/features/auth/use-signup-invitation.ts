// Sign-up with an invitation (docs/product.md §2, §4): the token in ?invitation= is validated on load; a valid one sets the
// invited state (team name, invited e-mail and suggested username), a bad one explains itself and the form falls
// back to creating a new team.
import { useSearchParams } from 'react-router';
import { TEAM_MESSAGES } from '../../../common/contracts/team';
import { ACCOUNT_TEXTS } from '../../../common/domain/account-texts';
import { ApiError } from '../../lib/transport';
import { useInvitationCheck, type InvitationCheck } from './api/check-invitation';

export type SignupInvitation =
  | { status: 'none' }
  | { status: 'checking' }
  | { status: 'invalid'; message: string }
  | { status: 'valid'; token: string; invitation: InvitationCheck };

export function useSignupInvitation(): SignupInvitation {
  const [params] = useSearchParams();
  const token = params.get('invitation')?.trim() || null;
  const check = useInvitationCheck(token);
  if (!token) return { status: 'none' };
  if (check.isPending) return { status: 'checking' };
  if (check.isError) {
    // A refusal (4xx) means the invitation itself is bad; anything else means we could not find out.
    const refused =
      check.error instanceof ApiError && check.error.kind === 'http' && check.error.status < 500;
    return {
      status: 'invalid',
      message: refused ? TEAM_MESSAGES.invalidInvitation : ACCOUNT_TEXTS.invitationValidateFailed,
    };
  }
  return { status: 'valid', token, invitation: check.data };
}
