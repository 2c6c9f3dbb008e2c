// A real OpenID provider (the `oidc-provider` package) on loopback for single sign-on tests (API and E2E). Its interaction step
// logs in the configured account at once (no pages), so a test follows the redirects with plain fetch; it can also
// be told to hand out a bad ID token (re-signed with its own key: wrong audience, or expired).
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { decodeJwt, exportJWK, generateKeyPair, SignJWT } from 'jose';
import Provider from 'oidc-provider';

export interface TestAccount {
  sub: string;
  email?: string;
  email_verified?: boolean;
  name?: string;
}

export type IdTokenTamper = 'audience' | 'expired' | null;

export interface TestProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** The account the next sign-in logs in as. */
  account: TestAccount;
  /** When set, the token endpoint's ID token is re-signed with this fault. */
  tamper: IdTokenTamper;
  /** UserInfo requests answered so far. */
  userinfoRequests: number;
  /**
   * Follows the redirects from the authorization URL (the start route's Location) through the provider's login
   * until the provider redirects to redirectUri; returns that callback URL (with code, state and iss).
   */
  authorize(authorizationUrl: string, redirectUri: string): Promise<URL>;
}

const KID = 'test-key';

async function resignIdToken(
  body: string,
  tamper: Exclude<IdTokenTamper, null>,
  key: CryptoKey,
): Promise<string> {
  const response = JSON.parse(body) as { id_token: string };
  const claims = decodeJwt(response.id_token);
  const now = Math.floor(Date.now() / 1000);
  const changed =
    tamper === 'audience'
      ? { ...claims, aud: 'another-client' }
      : { ...claims, iat: now - 7200, exp: now - 3600 };
  response.id_token = await new SignJWT(changed).setProtectedHeader({ alg: 'RS256', kid: KID }).sign(key);
  return JSON.stringify(response);
}

/**
 * Starts a provider with one confidential client whose redirect URI is redirectUri, on `port` (0: any free one).
 * `controlRoute` adds `POST /test/next-account` (a JSON TestAccount) for a browser test that cannot reach `account`.
 */
export async function createTestProvider(
  redirectUri: string,
  options: {
    port?: number;
    controlRoute?: boolean;
    /** false: scope claims (e-mail, name) go in the ID token too, not in UserInfo only (the default, strict way). */
    conformIdTokenClaims?: boolean;
  } = {},
): Promise<TestProvider & { close: () => Promise<void> }> {
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const jwk = { ...(await exportJWK(privateKey)), kid: KID, alg: 'RS256', use: 'sig' };
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const state: TestProvider = {
    issuer,
    clientId: 'oopsboard-test',
    clientSecret: 'a-test-client-secret-that-is-long-enough',
    account: { sub: 'nobody' },
    tamper: null,
    userinfoRequests: 0,
    authorize: (url, redirect) => followRedirects(url, redirect),
  };
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: state.clientId,
        client_secret: state.clientSecret,
        redirect_uris: [redirectUri],
        token_endpoint_auth_method: 'client_secret_post',
      },
    ],
    jwks: { keys: [jwk] },
    cookies: { keys: ['oidc-provider-test-cookie-key'] },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    features: { devInteractions: { enabled: false } },
    conformIdTokenClaims: options.conformIdTokenClaims ?? true,
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    pkce: { required: () => true },
    // Set, so that the provider does not print a notice about each default.
    ttl: {
      AccessToken: 600,
      AuthorizationCode: 60,
      Grant: 600,
      IdToken: 600,
      Interaction: 600,
      Session: 600,
    },
    findAccount: (_ctx, sub) => ({
      accountId: sub,
      claims: () => {
        const { email, email_verified, name } = state.account;
        return { sub, email, email_verified, name };
      },
    }),
  });
  const callback = provider.callback();

  server.on('request', (req: http.IncomingMessage, res: http.ServerResponse) => {
    void (async () => {
      if (options.controlRoute && req.method === 'POST' && req.url === '/test/next-account') {
        const chunks: Buffer[] = [];
        for await (const chunk of req) chunks.push(chunk as Buffer);
        state.account = JSON.parse(Buffer.concat(chunks).toString('utf8')) as TestAccount;
        res.statusCode = 204;
        res.end();
        return;
      }
      if (req.url?.startsWith('/interaction/')) {
        const details = await provider.interactionDetails(req, res);
        const accountId = state.account.sub;
        const grant = new provider.Grant({ accountId, clientId: String(details.params.client_id) });
        grant.addOIDCScope('openid email profile');
        const grantId = await grant.save();
        await provider.interactionFinished(
          req,
          res,
          { login: { accountId }, consent: { grantId } },
          { mergeWithLastSubmission: false },
        );
        return;
      }
      if (req.url?.startsWith('/me')) state.userinfoRequests += 1;
      const tamper = state.tamper;
      if (tamper && req.method === 'POST' && req.url === '/token') {
        const end = res.end.bind(res);
        res.end = ((body: string | Buffer) => {
          void resignIdToken(String(body), tamper, privateKey).then((changed) => {
            res.setHeader('content-length', Buffer.byteLength(changed));
            end(changed);
          });
          return res;
        }) as typeof res.end;
      }
      await callback(req, res);
    })().catch((error: unknown) => {
      res.statusCode = 500;
      res.end(String(error));
    });
  });
  const close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return Object.assign(state, { close });
}

/** A cookie jar of one host (the provider's), enough for its login and resume cookies. */
async function followRedirects(start: string, redirectUri: string): Promise<URL> {
  const jar = new Map<string, string>();
  let url = start;
  for (let hop = 0; hop < 10; hop += 1) {
    if (url.startsWith(redirectUri)) return new URL(url);
    const cookieHeader = [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
    const response = await fetch(url, {
      redirect: 'manual',
      headers: cookieHeader ? { cookie: cookieHeader } : {},
    });
    for (const line of response.headers.getSetCookie()) {
      const [pair = '', ...attributes] = line.split(';');
      const [name = '', ...value] = pair.trim().split('=');
      const expired = attributes.some((a) => /^\s*expires=Thu, 01 Jan 1970/i.test(a));
      if (expired) jar.delete(name);
      else jar.set(name, value.join('='));
    }
    const location = response.headers.get('location');
    await response.arrayBuffer();
    if (!location) throw new Error(`The provider stopped at ${url} with ${response.status}`);
    url = new URL(location, url).href;
  }
  throw new Error('Too many redirects at the provider');
}
