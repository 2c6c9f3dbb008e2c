// Confidential near-miss reports (decision 024): the texts shown instead of the reporter, and the setting's texts.

/** Shown wherever a confidential report's reporter (or the reporter's own notes and edits on it) would be named. */
export const CONFIDENTIAL_REPORTER = 'Confidential reporter';

export const CONFIDENTIAL_TEXTS = {
  reportedByYou: 'Reported by you',
  badge: 'Confidential',
  settingLabel: 'Confidential near-miss reports',
  settingDescription:
    'Members may report a near-miss without their name: nobody in the team, no export, webhook or API response, and no super admin sees who reported it. Only the reporter sees "Reported by you".',
  switchLabel: 'Let members report near-misses confidentially',
  saved: 'Confidential reporting setting saved.',
  saveFailed: 'Could not save the confidential reporting setting.',
  managersOnly: 'Only owners and admins can change this setting.',
  checkbox: 'Report confidentially',
  checkboxDescription:
    'Your name stays hidden from everyone, including owners, admins and super admins, in lists, exports, webhooks and the API. Notes and edits you make on this report are shown as "Confidential reporter" too. Only you see "Reported by you".',
} as const;

export const CONFIDENTIAL_MESSAGES = {
  onlyNearMiss: 'Only a near-miss can be reported confidentially (kind "near_miss").',
  notAllowed:
    'This team does not accept confidential reports; an owner or admin can turn them on in the Team area.',
} as const;
