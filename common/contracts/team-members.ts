// Contracts of team management beyond the spec's calls (decision 035): removing a member, leaving a team,
// transferring ownership and inviting several addresses at once.
import { z } from 'zod';
import { emailField } from './common';
import { memberSchema } from './team';

/** At most this many addresses in one multi-invite request. */
export const INVITE_MANY_MAX = 50;

/** An open follow-up action of a member who left, with its incident, so that someone can take it over. */
export const openActionSchema = z.object({
  id: z.number(),
  title: z.string(),
  due_date: z.string().nullable(),
  oops: z.object({ id: z.number(), id_slug: z.string(), title: z.string(), status: z.string() }),
});
export type OpenAction = z.infer<typeof openActionSchema>;

/** DELETE /api/team/current/members/{id}: who was removed and the open actions still assigned to them. */
export const removeMemberResponse = z.object({
  message: z.string(),
  member: memberSchema,
  open_actions: z.array(openActionSchema),
});
export type RemoveMemberResult = z.infer<typeof removeMemberResponse>;

/** POST /api/team/current/leave: the team left and the one the user works in now (null: none). */
export const leaveTeamResponse = z.object({
  message: z.string(),
  current_team: z.object({ id: z.number(), name: z.string() }).nullable(),
});

export const transferOwnershipBody = z.strictObject({
  user_id: z
    .number({ error: 'Choose the member who becomes the owner.' })
    .int()
    .positive()
    .max(2_147_483_647),
});
/** The new owner and the former one (now an admin). */
export const transferOwnershipResponse = z.object({
  message: z.string(),
  owner: memberSchema,
  former_owner: memberSchema,
});

/**
 * POST /api/team/current/invitations: several addresses at once. Each address is checked on its own (an invalid
 * one does not refuse the others), so the list holds strings and the answer says what happened to each.
 */
export const inviteManyBody = z.strictObject({
  emails: z
    .array(z.string({ error: 'Each address must be text.' }).max(320, 'An address is too long.'), {
      error: 'Send a list of e-mail addresses.',
    })
    .min(1, 'Enter at least one e-mail address.')
    .max(INVITE_MANY_MAX, `Invite at most ${INVITE_MANY_MAX} addresses at once.`),
});

export const INVITE_OUTCOMES = ['invited', 'added', 'already_member', 'invalid', 'failed'] as const;
export type InviteOutcome = (typeof INVITE_OUTCOMES)[number];
export const inviteManyResponse = z.object({
  results: z.array(
    z.object({
      /** The address as sent (trimmed), or as normalised when it was valid. */
      email: z.string(),
      status: z.enum(INVITE_OUTCOMES),
      message: z.string(),
    }),
  ),
});
export type InviteManyResult = z.infer<typeof inviteManyResponse>;

/** Checks one address of a multi-invite the way the single invite does. */
export const inviteAddress = emailField;

/** Splits what someone typed or pasted (commas, semicolons, spaces or lines) into addresses, once each. */
export function splitAddresses(text: string): string[] {
  const seen = new Set<string>();
  for (const part of text.split(/[\s,;]+/)) {
    const address = part.trim();
    if (address) seen.add(address);
  }
  return [...seen];
}

export const MEMBER_TEXTS = {
  removed: (name: string) => `${name} was removed from the team.`,
  left: (team: string) => `You left ${team}.`,
  transferred: (name: string) => `${name} is now the team owner.`,
  notYourselfRemove: 'You cannot remove yourself: leave the team instead.',
  ownerRemoveOwnerOnly: 'Only an owner can remove an owner.',
  lastOwnerLeave: 'You are the only owner: transfer ownership to another member before you leave.',
  transferToSelf: 'You already own this team.',
  invited: 'Invitation sent.',
  added: 'Added to the team.',
  alreadyMember: 'Already a member.',
  invalid: 'Not a valid e-mail address.',
} as const;
