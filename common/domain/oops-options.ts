// Incident option lists. Where the spec gives two lists for one thing (logging screen vs detail page), this file
// keeps one canonical list holding every default the spec names (docs/decisions/005-canonical-lists.md).
import { SEVERITIES, type Severity } from './options';

export const OOPS_KINDS = ['incident', 'near_miss', 'learning_moment'] as const;
export type OopsKind = (typeof OOPS_KINDS)[number];
/** What a new incident is unless it says otherwise (the column's default, and what a create writes). */
export const DEFAULT_OOPS_KIND: OopsKind = 'incident';
export const OOPS_KIND_LABELS: Record<OopsKind, string> = {
  incident: 'Incident',
  near_miss: 'Near-miss',
  learning_moment: 'Learning moment',
};

export const OOPS_STATUSES = ['Open', 'Closed'] as const;
export type OopsStatus = (typeof OOPS_STATUSES)[number];

export const SEVERITY_OPTIONS: { value: Severity; label: string }[] = [
  { value: 'Low', label: 'Low - Minor issue' },
  { value: 'Medium', label: 'Medium - Some impact' },
  { value: 'High', label: 'High - Significant impact' },
  { value: 'Critical', label: 'Critical - Major outage' },
];
export { SEVERITIES };

export const INCIDENT_TYPES = [
  'Service Outage',
  'Security Incident',
  'Performance Issue',
  'Deployment Issue',
  'Data Issue',
  'Communication Issue',
  'Infrastructure Failure',
  'Third Party Issue',
  'Human Error',
  'Process Failure',
  'Data Loss',
  'Configuration Error',
  'Other',
] as const;
export type IncidentType = (typeof INCIDENT_TYPES)[number];

/** Names the other spec lists use for the same types; accepted on input and stored canonically. */
export const INCIDENT_TYPE_ALIASES: Record<string, IncidentType> = {
  'Deployment Failure': 'Deployment Issue',
  'Communication Failure': 'Communication Issue',
  'User Error': 'Human Error',
};

export const USERS_AFFECTED = [
  '1-10 Users',
  '1-100 Users',
  '1-1000 Users',
  '1000+ Users',
  'All Users',
  'External Users',
  'Internal Users Only',
] as const;
export type UsersAffected = (typeof USERS_AFFECTED)[number];

/**
 * The detail page's ranges (docs/product.md §3) and the logging list's short names (docs/product.md §9), stored as the canonical range
 * that contains them.
 */
export const USERS_AFFECTED_ALIASES: Record<string, UsersAffected> = {
  '11-100 Users': '1-100 Users',
  '101-1000 Users': '1-1000 Users',
  '1-10': '1-10 Users',
  '1-100': '1-100 Users',
  '1-1000': '1-1000 Users',
  '1000+': '1000+ Users',
  All: 'All Users',
  External: 'External Users',
};

/**
 * Both spec lists in one, ordered by lower then upper bound: "2-5 Systems" (detail page) and "6+ Systems" (logging
 * screen) fit inside no other value, so they are values of their own.
 */
export const SYSTEMS_IMPACTED = [
  '1 System',
  '2-3 Systems',
  '2-5 Systems',
  '4-5 Systems',
  '6-10 Systems',
  '6+ Systems',
  '10+ Systems',
  'All Systems',
] as const;

/** The logging list's short names (docs/product.md §9) for the same values. */
export const SYSTEMS_IMPACTED_ALIASES: Record<string, (typeof SYSTEMS_IMPACTED)[number]> = {
  '2-3': '2-3 Systems',
  '4-5': '4-5 Systems',
  '6+': '6+ Systems',
};

export const DETECTION_METHODS = [
  'Monitoring Alert',
  'User Report',
  'Security Alert',
  'Deployment Pipeline',
  'Manual Discovery',
  'Customer Support',
  'Automated Test',
  'Health Check Failure',
  'Intrusion Detection System',
  'Automated Security Scan',
  'Third-party Notification',
  'Other',
] as const;

export const DOWNTIME_OPTIONS: { value: number; label: string }[] = [
  ...[0, 0.5, 1, 2, 4, 6, 8, 12, 24, 48, 72].map((h) => ({
    value: h,
    label: `${h} ${h === 1 ? 'hour' : 'hours'}`,
  })),
  { value: 168, label: '168 hours (1 Week)' },
  { value: 336, label: '336 hours (2 Weeks)' },
  { value: 720, label: '720 hours (1 Month)' },
];

export const GENERIC_OWNERS = [
  'Engineering Team',
  'DevOps Team',
  'Security Team',
  'Data Team',
  'Operations Team',
  'On-call Engineer',
] as const;

export const QUICK_TAGS = [
  'outage',
  'security',
  'performance',
  'deployment',
  'database',
  'api',
  'frontend',
  'backend',
] as const;

export const PREVENTABILITY_LABELS: Record<number, string> = {
  1: 'Not preventable',
  2: 'Low',
  3: 'Somewhat preventable',
  4: 'Highly preventable',
  5: 'Very preventable',
};

/** High or Critical with no users_affected defaults to this (docs/product.md §5). */
export const SEVERE_USERS_AFFECTED_DEFAULT = '1-1000 Users';

export const OOPS_LIMITS = {
  titleMax: 150,
  descriptionMin: 10,
  descriptionMax: 20_000,
  textMax: 5_000,
  shortTextMax: 200,
  tagMax: 40,
  tagsMax: 20,
  departmentMax: 100,
  relatedMax: 20,
  noteMax: 10_000,
  timelineEventsMax: 200,
  downtimeMax: 100_000,
  listLimitMax: 100,
  listLimitDefault: 50,
  similarMax: 3,
} as const;

/**
 * The list counts its matches exactly up to this many and then says "10,000+": an exact count of a broad filter
 * would read every matching row of a large team on every page (decision 016).
 */
export const MATCHED_COUNT_CAP = 10_000;

/**
 * A search's matches are counted up to this many ("1,000+"): a common word's matches are found through the trigram and
 * text indexes and each is rechecked, so its count costs far more a row than a filter's (decision 047).
 */
export const SEARCH_MATCHED_COUNT_CAP = 1_000;

/** docs/product.md §5 texts of the incident form. */
export const OOPS_MESSAGES = {
  requiredFields: 'Please fill in all required fields (title, severity, and detailed description).',
  titleTooLong: (n: number) =>
    `Title must be ${OOPS_LIMITS.titleMax} characters or less (currently ${n} characters).`,
  descriptionTooShort:
    'Description must be at least 10 characters. Please provide more details about what happened.',
  created: 'Incident logged successfully! Redirecting to dashboard...',
  createFailed: 'Failed to log incident. Please try again.',
  closedReadOnly: 'Read Only: This incident is closed and cannot be edited.',
  cannotEditClosed: 'Cannot edit closed incidents',
  closedServer: 'This incident is closed and cannot be edited. Reopen it first.',
  reopenForbidden: 'Only team owners and admins can reopen a closed incident.',
  reopened: 'Incident reopened for edits.',
  notFound: 'Oops not found',
  notFoundText: "The oops you're looking for doesn't exist or you don't have permission to view it.",
  emptyList: 'No oops have been logged yet',
  systemEventLocked: 'System events cannot be modified/deleted',
  customNameRequired: 'Please enter a custom event name',
  timelineEmpty: 'Timeline will appear as incident progresses',
  /** The log screen also asks for the type (docs/product.md §2 "Incident Type (required select)"; §5 "one reading"). */
  typeRequired: 'Please choose an incident type.',
} as const;
