// Option lists and constants from docs/product.md §9. Every screen and the server import them from here,
// so each list exists once.

export const ROLES = ['owner', 'admin', 'member'] as const;
export type Role = (typeof ROLES)[number];

/** Roles that manage a team (invite, change roles and departments, reopen incidents). */
export const MANAGER_ROLES: readonly Role[] = ['owner', 'admin'];

export const INDUSTRIES = [
  'Technology',
  'Healthcare',
  'Finance',
  'Education',
  'Manufacturing',
  'Retail',
  'Real Estate',
  'Transportation',
  'Energy',
  'Media',
  'Consulting',
  'Non-Profit',
  'Government',
  'Legal',
  'Marketing',
  'Insurance',
  'Hospitality',
  'Construction',
  'Agriculture',
  'Other',
] as const;
export type Industry = (typeof INDUSTRIES)[number];

export const DEPARTMENTS = [
  'Engineering',
  'Product',
  'Design',
  'Support',
  'Sales',
  'Marketing',
  'Operations',
  'Security',
  'HR',
  'Finance',
] as const;

/** The fallback department list of docs/product.md §9 adds General to the defaults. */
export const FALLBACK_DEPARTMENTS = [...DEPARTMENTS, 'General'] as const;
export type Department = (typeof FALLBACK_DEPARTMENTS)[number];

export const SEVERITIES = ['Low', 'Medium', 'High', 'Critical'] as const;
export type Severity = (typeof SEVERITIES)[number];

export const LIMITS = {
  passwordMin: 8,
  usernameMin: 3,
  usernameMax: 32,
  teamNameMin: 1,
  teamNameMax: 100,
  nameMax: 100,
  emailMax: 254,
  passwordMax: 256,
  titleMax: 150,
  descriptionMin: 10,
  preventabilityMin: 1,
  preventabilityMax: 5,
  minimumAge: 18,
  fetchLimit: 100,
} as const;

export const TIMINGS = {
  timerTickMs: 1000,
  widgetRefreshMs: 30_000,
  presentationRefreshMs: 7_200_000,
  retryMax: 3,
  retryDelayMs: 1000,
  signupRedirectMs: 2000,
  verifyRedirectMs: 1200,
  resetRedirectMs: 2000,
  invitationRedirectMs: 3000,
  createRedirectMs: 1500,
  toastSuccessMs: 3000,
  toastErrorMs: 5000,
  batchSaveIdleMs: 2000,
  inlineBlurDelayMs: 100,
  landingScrollMs: 1200,
  demoVideoPauseMs: 300_000,
} as const;

/** sessionStorage key of the bearer token (docs/product.md §9). */
export const TOKEN_STORAGE_KEY = 'authToken';

/** Username rule of docs/product.md §5: 3-32 alphanumeric characters. */
export const USERNAME_PATTERN = /^[A-Za-z0-9]{3,32}$/;
