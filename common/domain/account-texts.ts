// Texts of the account and team screens (docs/product.md §2, §8) that common/domain/messages.ts and the contracts'
// RECOVERY_MESSAGES / TEAM_MESSAGES do not already hold. Each text exists once; screens and tests import it.
export const ACCOUNT_TEXTS = {
  networkErrorRetry: 'Network error. Please try again.',
  magicLinkSpamHint: "If it doesn't arrive within a few minutes, check your spam folder.",

  verifyMissingToken: 'Missing token.',
  verifyInvalidResponse: 'Invalid response from server.',
  verifyFailed: 'Invalid or expired token.',
  verifyExpiredTitle: 'Oops!! That token has expired!',
  verifyExpiredHint: 'Sign-in links last 15 minutes and work once. Please request a new link to sign in.',

  resetRequestFailed: 'Failed to request password reset',
  resetFailed: 'Failed to reset password',

  invitationValidateFailed: 'Failed to validate invitation',
  invitationNoToken: 'No invitation token found. Please check your email for the correct invitation link.',
  acceptInvitationFailed: 'Failed to accept invitation. Please try again.',

  teamUpdated: 'Team updated successfully.',
  teamUpdateFailed: 'Failed to update team.',
  teamLoadFailed: 'Failed to load team info.',
  inviteFailed: 'Failed to send invitation.',
  roleUpdated: 'Role updated successfully.',
  roleUpdateFailed: 'Failed to update role.',
  departmentUpdated: 'Department updated successfully.',
  departmentUpdateFailed: 'Failed to update department.',
  sessionEnded: 'You were signed out: your session ended. Please sign in again.',
} as const;

/** The spec's marker in an invite answer that means "an existing user joined at once" (docs/product.md §7 Team). */
export const ADDED_TO_TEAM_MARKER = 'added to team';
