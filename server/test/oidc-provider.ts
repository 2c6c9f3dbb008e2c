// The real OpenID provider of server/test/oidc-provider-core.ts, closed after the test file.
import { afterAll } from 'vitest';
import { createTestProvider, type TestProvider } from './oidc-provider-core';

export type { IdTokenTamper, TestAccount, TestProvider } from './oidc-provider-core';

/** Starts a provider with one confidential client whose redirect URI is redirectUri; closed after the file. */
export async function startTestProvider(
  redirectUri: string,
  options: { conformIdTokenClaims?: boolean } = {},
): Promise<TestProvider> {
  const provider = await createTestProvider(redirectUri, options);
  afterAll(provider.close);
  return provider;
}
