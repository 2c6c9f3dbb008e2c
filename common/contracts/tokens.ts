// Contracts of the personal access token calls (/api/user/tokens). The secret itself appears only in the answer
// to a create; lists carry a short hint, never the token or its hash.
import { z } from 'zod';
import { API_TOKEN_LIMITS, API_TOKEN_SCOPES, API_TOKEN_TEXTS } from '../domain/api-tokens';
import { idParam } from './common';

const scopeField = z.enum(API_TOKEN_SCOPES, { error: API_TOKEN_TEXTS.scopeInvalid });

export const createApiTokenBody = z.strictObject({
  name: z
    .string({ error: API_TOKEN_TEXTS.nameRequired })
    .trim()
    .min(1, API_TOKEN_TEXTS.nameRequired)
    .max(API_TOKEN_LIMITS.nameMax, API_TOKEN_TEXTS.nameTooLong),
  scopes: z
    .array(scopeField, { error: API_TOKEN_TEXTS.scopesRequired })
    .min(1, API_TOKEN_TEXTS.scopesRequired)
    .max(API_TOKEN_SCOPES.length, API_TOKEN_TEXTS.scopesDuplicate)
    .refine((list) => new Set(list).size === list.length, { error: API_TOKEN_TEXTS.scopesDuplicate }),
  expires_in_days: z
    .number({ error: API_TOKEN_TEXTS.expiryInvalid })
    .int(API_TOKEN_TEXTS.expiryInvalid)
    .min(API_TOKEN_LIMITS.expiresInDaysMin, API_TOKEN_TEXTS.expiryInvalid)
    .max(API_TOKEN_LIMITS.expiresInDaysMax, API_TOKEN_TEXTS.expiryInvalid)
    .nullish(),
});
export type CreateApiTokenBody = z.input<typeof createApiTokenBody>;

export const apiTokenSchema = z.object({
  id: z.number(),
  name: z.string(),
  scopes: z.array(z.enum(API_TOKEN_SCOPES)),
  /** The token's last characters, to tell tokens apart; never enough to use one. */
  token_hint: z.string(),
  created_at: z.string(),
  expires_at: z.string().nullable(),
  last_used_at: z.string().nullable(),
});
export type ApiToken = z.infer<typeof apiTokenSchema>;

export const apiTokensResponse = z.object({ tokens: z.array(apiTokenSchema) });
export type ApiTokensResponse = z.infer<typeof apiTokensResponse>;

/** The only answer that carries the secret: shown once, then only its hash is kept. */
export const createdApiTokenResponse = apiTokenSchema.extend({ token: z.string() });
export type CreatedApiToken = z.infer<typeof createdApiTokenResponse>;

export const apiTokenParams = idParam;
export const revokeApiTokenResponse = z.object({ success: z.literal(true) });
