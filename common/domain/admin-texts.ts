// Texts of the platform administration screens (docs/product.md §2 Admin screens, §8 Admin), each defined once.
export const ADMIN_TEXTS = {
  statsFailed: 'Failed to fetch admin stats',
  usersFailed: 'Failed to fetch admin users',
  teamsFailed: 'Failed to fetch admin teams',
  statusFailed: 'Failed to update user status',
  auditFailed: 'Failed to fetch the audit log',
  notSpecified: 'Not specified',
  unnamedTeam: 'Unnamed Team',
  noOwner: 'No owner',
  superAdmin: 'Super Admin',
  active: 'Active',
  disabled: 'Disabled',
  lastSevenDays: 'Oops created in the last 7 days',
  userEnabled: (who: string) => `${who} can sign in again.`,
  userDisabled: (who: string) => `${who} has been disabled and signed out.`,
} as const;

/** Page size of the admin tables; the API allows at most 100. */
export const ADMIN_PAGE_SIZE = 25;
/** Search boxes wait this long after the last key before asking the server. */
export const ADMIN_SEARCH_DEBOUNCE_MS = 300;

/** Readable names of the audit actions the server writes (server/lib/audit.ts); unknown ones show as stored. */
export const AUDIT_ACTION_LABELS: Record<string, string> = {
  'auth.login_succeeded': 'Sign-in succeeded',
  'auth.login_failed': 'Sign-in failed',
  'auth.login_throttled': 'Sign-in rate limit hit',
  'auth.logout': 'Signed out',
  'auth.registered': 'Account registered',
  'auth.magic_link_issued': 'Magic link issued',
  'auth.magic_link_used': 'Magic link used',
  'auth.password_reset_issued': 'Password reset issued',
  'auth.password_reset_used': 'Password reset used',
  'auth.token_reuse': 'One-time token reused',
  'auth.email_throttled': 'E-mail rate limit hit',
  'auth.oidc_signed_in': 'Signed in with single sign-on',
  'auth.oidc_failed': 'Single sign-on failed',
  'auth.oidc_linked': 'Single sign-on linked to an account',
  'auth.oidc_only_refused': 'Password or e-mail sign-in refused (OIDC-only)',
  'account.password_set': 'Password set',
  'account.password_changed': 'Password changed',
  'account.profile_updated': 'Profile updated',
  'authz.denied': 'Authorisation refused',
  'team.invitation_sent': 'Invitation sent',
  'team.invitation_accepted': 'Invitation accepted',
  'team.member_added': 'Member added',
  'team.role_changed': 'Role changed',
  'team.department_changed': 'Department changed',
  'team.updated': 'Team updated',
  'team.switched': 'Team switched',
  'admin.user_disabled': 'User disabled',
  'admin.user_enabled': 'User enabled',
  'admin.viewed': 'Admin screen viewed',
  'webhook.created': 'Webhook added',
  'webhook.updated': 'Webhook changed',
  'webhook.deleted': 'Webhook deleted',
  'token.created': 'API token created',
  'token.revoked': 'API token revoked',
  'token.denied': 'API token refused',
  'display_token.created': 'Display token made',
  'display_token.revoked': 'Display token revoked',
  'oops.imported': 'Incidents imported from CSV',
};
