// Personal access tokens (API tokens): their scopes, limits and texts, defined once for the server, the web and the
// docs. The rules that decide which route needs which scope live in server/lib/token-scopes.ts (decision 013).

/** `read`: GET the team's data; `write`: change it within the owner's role; `ingest`: only report new incidents. */
export const API_TOKEN_SCOPES = ['read', 'write', 'ingest'] as const;
export type ApiTokenScope = (typeof API_TOKEN_SCOPES)[number];

/** Every token starts with this, so that secret scanners (and log redaction) can recognise one. */
export const API_TOKEN_PREFIX = 'oops_pat_';

export const API_TOKEN_LIMITS = {
  nameMax: 100,
  /** Tokens one user may hold at once (expired ones count until revoked). */
  perUser: 50,
  expiresInDaysMin: 1,
  expiresInDaysMax: 365,
  /** Characters of the token kept (in clear) to tell tokens apart in lists. */
  hintLength: 4,
} as const;

/** The expiry choices of the create form, in days; null means "never expires". */
export const API_TOKEN_EXPIRY_OPTIONS: readonly (number | null)[] = [7, 30, 90, 365, null];

export const API_TOKEN_SCOPE_LABELS: Record<ApiTokenScope, { label: string; description: string }> = {
  read: { label: 'Read', description: 'Read incidents, statistics and the team.' },
  write: {
    label: 'Write',
    description: 'Create and change incidents, notes, actions and the team (within your role).',
  },
  ingest: { label: 'Ingest', description: 'Only report new incidents (POST /api/oops and /api/ingest).' },
};

export const API_TOKEN_TEXTS = {
  scopeMissing: (scopes: readonly ApiTokenScope[]) =>
    `This token does not have the ${scopes.map((s) => `"${s}"`).join(' or ')} scope.`,
  sessionOnly: 'API tokens cannot be used here: sign in to OopsBoard to manage your account.',
  nameRequired: 'Token name is required.',
  nameTooLong: `Token name must be at most ${API_TOKEN_LIMITS.nameMax} characters.`,
  scopesRequired: 'Choose at least one scope.',
  scopesDuplicate: 'Each scope may be listed once.',
  scopeInvalid: `Scopes must be among: ${API_TOKEN_SCOPES.join(', ')}.`,
  expiryInvalid: `expires_in_days must be a whole number from ${API_TOKEN_LIMITS.expiresInDaysMin} to ${API_TOKEN_LIMITS.expiresInDaysMax}.`,
  tooMany: `You can hold at most ${API_TOKEN_LIMITS.perUser} API tokens. Revoke one you no longer use first.`,
  notFound: 'Token not found.',
  // Web texts.
  tabLabel: 'API tokens',
  intro:
    'Personal access tokens let scripts and integrations call the OopsBoard API as you, limited to the scopes you choose and to your current role.',
  empty: 'You have no API tokens yet.',
  created: 'API token created.',
  createFailed: 'Failed to create the API token.',
  revoked: 'API token revoked.',
  revokeFailed: 'Failed to revoke the API token.',
  loadFailed: 'Failed to load your API tokens.',
  copyOnce: "Copy this token now. You won't be able to see it again.",
  revokeConfirm: (name: string) =>
    `Revoke "${name}"? Anything using it stops working at once. This cannot be undone.`,
  never: 'Never',
  expired: 'Expired',
} as const;
