// The API documented from the same zod contracts that validate it: /api/openapi.json and /api/docs.
import fp from 'fastify-plugin';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

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
    // swagger-ui's page uses an inline script; it gets its own relaxed CSP instead of weakening the app's.
    staticCSP: true,
    transformStaticCSP: (header) => `${header}; object-src 'none'; frame-ancestors 'none'`,
  });
  app.get('/api/openapi.json', { config: { public: true }, schema: { hide: true } }, async () =>
    app.swagger(),
  );
});
