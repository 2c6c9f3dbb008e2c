// Contracts of the team calls (docs/product.md §7 Team) and team switching.
import { z } from 'zod';
import { dbId, dbIdText } from './safe-input';
import { ROLES } from '../domain/options';
import { departmentField } from './account';
import { industryField, teamNameField, usernameField } from './auth';
import { emailField, messageBody } from './common';

export const teamSchema = z.object({
  id: z.number(),
  name: z.string(),
  industry: z.string().nullable(),
  owner_id: z.number().nullable(),
  created_at: z.string(),
  role: z.enum(ROLES),
  /** IANA zone of the weekly digest's schedule (PUT /api/team/current/time-zone). */
  time_zone: z.string(),
  /** Members may report near-misses confidentially (PUT /api/team/current/confidential, decision 024). */
  confidential_near_misses: z.boolean().optional(),
  /** The team's learning figures appear by team id on the operators' /metrics (PUT
   * /api/team/current/metrics-sharing, decision 053). */
  share_metrics: z.boolean().optional(),
});
/** The body of a team's on/off settings (confidential reports, metrics sharing). */
export const teamSwitchBody = z.strictObject({
  enabled: z.boolean({ error: 'enabled must be true or false.' }),
});
export const updateTeamBody = z.strictObject({ name: teamNameField, industry: industryField });

export const memberSchema = z.object({
  id: z.number(),
  name: z.string(),
  username: z.string().nullable(),
  email: z.string(),
  user_department: z.string().nullable(),
  role: z.enum(ROLES),
});
export type Member = z.infer<typeof memberSchema>;
export const membersResponse = z.object({ members: z.array(memberSchema) });

export const invitationSchema = z.object({
  id: z.number(),
  email: z.string(),
  invitee_username: z.string().nullable(),
  created_at: z.string(),
});
export const invitationsResponse = z.object({ invitations: z.array(invitationSchema) });

export const inviteBody = z.strictObject({
  email: emailField,
  // The spec's form asks for a username; it is a suggestion for the invitee's sign-up, so it may be left empty.
  username: z
    .union([z.literal(''), usernameField])
    .nullish()
    .transform((v) => v || null),
  // Any role in the request is ignored: invitations always make members (accepted so old clients do not break).
  role: z.string().max(20).optional(),
});
export const inviteResponse = messageBody;

export const invitationCheckResponse = z.object({
  teamName: z.string(),
  email: z.string(),
  invitee_username: z.string().nullable(),
  message: z.string(),
});
export const acceptInvitationBody = z.strictObject({
  token: z
    .string()
    .trim()
    .min(1, 'No invitation token found. Please check your email for the correct invitation link.')
    .max(200),
});

export const roleBody = z.strictObject({
  role: z.enum(ROLES, { error: 'Role must be owner, admin or member.' }),
});
export const departmentBody = z.strictObject({
  user_department: z.preprocess((v) => (v === '' || v === undefined ? null : v), departmentField),
});
export const memberIdParams = z.object({ id: dbIdText() });

export const myTeamsResponse = z.object({
  teams: z.array(z.object({ id: z.number(), name: z.string(), role: z.enum(ROLES), current: z.boolean() })),
});
// Ids are PostgreSQL integers: a larger number is no team (a 400, not an overflow error from the database).
export const switchTeamBody = z.strictObject({ teamId: dbId() });

export const TEAM_MESSAGES = {
  invitationSent: 'Invitation sent successfully.',
  addedToTeam: (email: string) => `${email} was added to team.`,
  alreadyMember: 'This person is already a member of your team.',
  alreadyInvited: 'An invitation to this address is already pending; it has been sent again.',
  invalidInvitation: 'Invalid invitation',
  invitationAccepted: (team: string) => `Invitation accepted. Welcome to ${team}!`,
  wrongInvitee: 'This invitation was sent to a different email address.',
  ownerOnly: 'Only the team owner can change the team name and industry.',
  managersOnly: 'Only team owners and admins can do this.',
  notYourself: 'You cannot change your own role or department here.',
  ownerRoleOwnerOnly: 'Only an owner can make someone an owner or change an owner’s role.',
  lastOwner: 'A team needs at least one owner.',
  memberNotFound: 'Member not found in your team.',
  notAMember: 'You are not a member of that team.',
  inviteMailFailed: 'Failed to send invitation.',
} as const;
