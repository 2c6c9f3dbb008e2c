// Inviting several addresses at once (decision 035): each address goes through the single invite exactly as if it
// had been sent alone (existing users join at once, others get an e-mail), and the answer says what happened to each.
import { TEAM_MESSAGES } from '../../../common/contracts/team';
import { inviteAddress, MEMBER_TEXTS, type InviteManyResult } from '../../../common/contracts/team-members';
import { AppError } from '../../lib/errors';
import { inviteMember, type InviteContext } from './invitations';

type Result = InviteManyResult['results'][number];

async function inviteOne(ctx: InviteContext, email: string): Promise<Result> {
  try {
    const message = await inviteMember(ctx, { email, username: null });
    return message === TEAM_MESSAGES.invitationSent
      ? { email, status: 'invited', message: MEMBER_TEXTS.invited }
      : { email, status: 'added', message: MEMBER_TEXTS.added };
  } catch (error) {
    // One address failing (already a member, throttled, the mail server refusing) does not stop the others.
    if (!(error instanceof AppError)) throw error;
    if (error.code === 'conflict')
      return { email, status: 'already_member', message: MEMBER_TEXTS.alreadyMember };
    return { email, status: 'failed', message: error.message };
  }
}

/** Invites each address once, in the order given; invalid ones are answered without touching anything. */
export async function inviteMany(ctx: InviteContext, emails: readonly string[]): Promise<InviteManyResult> {
  const results: Result[] = [];
  const seen = new Set<string>();
  for (const raw of emails) {
    const parsed = inviteAddress.safeParse(raw);
    if (!parsed.success) {
      results.push({ email: raw.trim(), status: 'invalid', message: MEMBER_TEXTS.invalid });
      continue;
    }
    if (seen.has(parsed.data)) continue;
    seen.add(parsed.data);
    results.push(await inviteOne(ctx, parsed.data));
  }
  return { results };
}
