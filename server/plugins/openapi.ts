// The API documented from the same zod contracts that validate it: /api/openapi.json and /api/docs.
import fp from 'fastify-plugin';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

const DOCS_CSP = [
  "default-src 'self'",
  "base-uri 'self'",
  "script-src 'self'",
  "script-src-attr 'none'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

export const openapiPlugin = fp(async (app) => {
  await app.register(swagger, {
    openapi: {
      info: { title: 'OopsBoard API', version: '0.1.0', description: 'Incident-learning board API.' },
      components: {
        securitySchemes: {
          bearer: {
            type: 'http',
            scheme: 'bearer',
            description:
              'A session token from POST /api/auth/login, or a personal access token (oops_pat_…) created in ' +
              'Profile → API tokens, which works within its scopes (read, write, ingest) and your current role.',
          },
        },
      },
      security: [{ bearer: [] }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, {
    routePrefix: '/api/docs',
    // swagger-ui's page sets inline styles, so it gets a policy of its own instead of weakening the app's. Like the
    // app's, it names no other site (decision 030): the plugin's default allows https: fonts and styles and the
    // validator badge's host, none of which the page uses (the badge is off).
    staticCSP: DOCS_CSP,
  });
  app.get('/api/openapi.json', { config: { public: true }, schema: { hide: true } }, async () =>
    app.swagger(),
  );
});
