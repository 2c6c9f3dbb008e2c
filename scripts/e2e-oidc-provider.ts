// The OpenID provider of the E2E server (scripts/e2e-server.mjs): a real oidc-provider on loopback whose login step
// signs in, at once, the account a spec posted to /test/next-account (server/test/oidc-provider-core.ts).
import { createTestProvider } from '../server/test/oidc-provider-core';

const [port = '', redirectUri = ''] = process.argv.slice(2);
const provider = await createTestProvider(redirectUri, { port: Number(port), controlRoute: true });
console.log(`E2E OpenID provider at ${provider.issuer}`);
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const)
  process.on(signal, () => void provider.close().then(() => process.exit(0)));
