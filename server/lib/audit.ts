// Writes audit events. Callers pass no secrets: targets are ids or e-mail addresses, never tokens or passwords.
import type { Db } from '../db/client';
import { auditEvents } from '../db/schema';

export interface AuditEntry {
  action: string;
  actorId?: number | null;
  teamId?: number | null;
  target?: string | null;
  ip?: string | null;
  details?: Record<string, unknown>;
}

export async function recordAudit(db: Db, entry: AuditEntry): Promise<void> {
  await db.insert(auditEvents).values({
    action: entry.action,
    actorId: entry.actorId ?? null,
    teamId: entry.teamId ?? null,
    target: entry.target ?? null,
    ip: entry.ip ?? null,
    details: entry.details ?? null,
  });
}

/** The audit action names, so that writers and readers (throttling, the admin log) agree. */
export const AUDIT = {
  loginSuccess: 'auth.login_succeeded',
  loginFailure: 'auth.login_failed',
  loginThrottled: 'auth.login_throttled',
  logout: 'auth.logout',
  sessionEnded: 'auth.session_ended',
  sessionsEndedAll: 'auth.sessions_ended_all',
  register: 'auth.registered',
  passwordSet: 'account.password_set',
  passwordChanged: 'account.password_changed',
  profileUpdated: 'account.profile_updated',
  authorizationFailed: 'authz.denied',
  magicLinkIssued: 'auth.magic_link_issued',
  magicLinkUsed: 'auth.magic_link_used',
  resetIssued: 'auth.password_reset_issued',
  resetUsed: 'auth.password_reset_used',
  tokenReuse: 'auth.token_reuse',
  emailThrottled: 'auth.email_throttled',
  oidcSignedIn: 'auth.oidc_signed_in',
  oidcFailure: 'auth.oidc_failed',
  oidcLinked: 'auth.oidc_linked',
  oidcOnlyRefused: 'auth.oidc_only_refused',
  invitationSent: 'team.invitation_sent',
  invitationAccepted: 'team.invitation_accepted',
  memberAdded: 'team.member_added',
  roleChanged: 'team.role_changed',
  memberRemoved: 'team.member_removed',
  memberLeft: 'team.member_left',
  ownershipTransferred: 'team.ownership_transferred',
  departmentChanged: 'team.department_changed',
  teamUpdated: 'team.updated',
  incidentTypeChanged: 'team.incident_type_changed',
  customFieldChanged: 'team.custom_field_changed',
  teamSwitched: 'team.switched',
  userDisabled: 'admin.user_disabled',
  userEnabled: 'admin.user_enabled',
  adminViewed: 'admin.viewed',
  webhookCreated: 'webhook.created',
  webhookUpdated: 'webhook.updated',
  webhookDeleted: 'webhook.deleted',
  tokenCreated: 'token.created',
  tokenRevoked: 'token.revoked',
  tokenDenied: 'token.denied',
  displayTokenCreated: 'display_token.created',
  displayTokenRevoked: 'display_token.revoked',
  oopsImported: 'oops.imported',
} as const;
