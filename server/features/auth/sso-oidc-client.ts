// The relying party (openid-client 6): discovery once per process, the authorization URL with PKCE, state and nonce,
// and the code exchange, whose ID-token checks (signature, issuer, audience, expiry, nonce) the library makes.
import * as client from 'openid-client';
import type { OidcConfig } from '../../config';

const discovered = new Map<string, Promise<client.Configuration>>();

function isLoopback(issuer: string): boolean {
  return new URL(issuer).protocol === 'http:';
}

/** The provider's configuration, discovered once per process; a failed discovery is retried on the next sign-in. */
export function providerConfiguration(oidc: OidcConfig): Promise<client.Configuration> {
  const key = `${oidc.issuer}\n${oidc.clientId}`;
  let found = discovered.get(key);
  if (!found) {
    found = client.discovery(new URL(oidc.issuer), oidc.clientId, oidc.clientSecret, undefined, {
      // config.ts allows plain http only for a provider on this machine (tests, development).
      execute: isLoopback(oidc.issuer) ? [client.allowInsecureRequests] : [],
      timeout: 10,
    });
    discovered.set(key, found);
    found.catch(() => discovered.delete(key));
  }
  return found;
}

/** What the flow cookie keeps between the redirect to the provider and its answer. */
export interface FlowState {
  verifier: string;
  state: string;
  nonce: string;
  returnTo: string | null;
  /** "Keep me signed in on this device" was ticked (decision 033). */
  remember: boolean;
}

export async function authorizationUrl(
  oidc: OidcConfig,
  redirectUri: string,
  returnTo: string | null,
  remember: boolean,
): Promise<{ url: URL; flow: FlowState }> {
  const configuration = await providerConfiguration(oidc);
  const flow: FlowState = {
    verifier: client.randomPKCECodeVerifier(),
    state: client.randomState(),
    nonce: client.randomNonce(),
    returnTo,
    remember,
  };
  const url = client.buildAuthorizationUrl(configuration, {
    redirect_uri: redirectUri,
    scope: 'openid email profile',
    code_challenge: await client.calculatePKCECodeChallenge(flow.verifier),
    code_challenge_method: 'S256',
    state: flow.state,
    nonce: flow.nonce,
  });
  return { url, flow };
}

/** Who the provider says signed in. */
export interface ProviderIdentity {
  issuer: string;
  subject: string;
  email: string | null;
  emailVerified: boolean;
  name: string | null;
}

const asString = (v: unknown): string | null => (typeof v === 'string' && v.trim() ? v.trim() : null);
// Some providers send the boolean as a string.
const asTrue = (v: unknown): boolean => v === true || v === 'true';

/** Exchanges the code (throws when the provider or the ID token fails a check); asks UserInfo for a missing e-mail. */
export async function exchangeCode(
  oidc: OidcConfig,
  callbackUrl: URL,
  flow: FlowState,
): Promise<ProviderIdentity> {
  const configuration = await providerConfiguration(oidc);
  const tokens = await client.authorizationCodeGrant(configuration, callbackUrl, {
    pkceCodeVerifier: flow.verifier,
    expectedState: flow.state,
    expectedNonce: flow.nonce,
    idTokenExpected: true,
  });
  const claims = tokens.claims()!;
  let email = asString(claims.email);
  let emailVerified = asTrue(claims.email_verified);
  let name = asString(claims.name);
  if (!email) {
    // Providers that follow the spec strictly put scope claims in UserInfo only (code flow).
    const info = await client.fetchUserInfo(configuration, tokens.access_token, claims.sub);
    email = asString(info.email);
    emailVerified = asTrue(info.email_verified);
    name = name ?? asString(info.name);
  }
  return {
    issuer: configuration.serverMetadata().issuer,
    subject: claims.sub,
    email: email?.toLowerCase() ?? null,
    emailVerified,
    name,
  };
}

/** True when the provider could not be reached at all (as opposed to refusing or sending something invalid). */
export function isUnreachable(error: unknown): boolean {
  return error instanceof TypeError && /fetch failed/i.test(error.message);
}
