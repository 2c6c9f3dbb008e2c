// buildApp(config): registers plugins and feature routes. Never listens; tests call app.inject().
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { ZodType } from 'zod';
import { refuseUnsafeInput } from '../common/contracts/safe-input';
import type { Config } from './config';
import type { Database } from './db/client';
import { answerFrameworkError } from './lib/framework-errors';
import { logSerializers } from './lib/log-redaction';
import { turnTakingServer } from './lib/request-turns';
import { accountRoutes } from './features/account/routes';
import { presentationRoutes } from './features/auth/presentation-routes';
import { recoveryRoutes } from './features/auth/recovery-routes';
import { authRoutes } from './features/auth/routes';
import { deviceRoutes } from './features/auth/device-routes';
import { ssoRoutes } from './features/auth/sso-routes';
import { adminRoutes } from './features/admin/routes';
import { dashboardRoutes } from './features/dashboard/routes';
import { trendRoutes } from './features/trends/routes';
import { digestRoutes } from './features/digest/routes';
import { wallRoutes } from './features/wall/routes';
import { healthRoutes } from './features/health/routes';
import { liveRoutes } from './features/live/routes';
import { teamActionRoutes } from './features/actions/team-actions-routes';
import { actionRoutes } from './features/actions/routes';
import { confidentialRoutes } from './features/confidential/routes';
import { linkRoutes } from './features/links/routes';
import { oopsRoutes } from './features/oops/routes';
import { ingestRoutes } from './features/ingest/routes';
import { importRoutes } from './features/import/routes';
import { teamRoutes } from './features/team/routes';
import { membershipRoutes } from './features/team/membership-routes';
import { incidentTypeRoutes } from './features/team/incident-types-routes';
import { customFieldRoutes } from './features/team/custom-fields-routes';
import { webhookRoutes, type WebhookRoutesOptions } from './features/webhooks/routes';
import { tokenRoutes } from './features/tokens/routes';
import { savedViewRoutes } from './features/saved-views/routes';
import { lessonRoutes } from './features/lessons/routes';
import { searchRoutes } from './features/search/routes';
import { triageRoutes } from './features/triage/routes';
import { authPlugin } from './plugins/auth';
import { dbPlugin } from './plugins/db';
import { acceptEmptyJsonBodies } from './lib/json-body';
import { errorsPlugin } from './plugins/errors';
import { idempotencyPlugin } from './plugins/idempotency';
import { rateLimitsPlugin } from './plugins/rate-limits';
import { teamCachePlugin } from './cache/plugin';
import { livePlugin } from './plugins/live';
import { eventsPlugin } from './events/plugin';
import { jobsPlugin } from './plugins/jobs';
import { metricsPlugin } from './plugins/metrics';
import { mailPlugin, type Mailer } from './plugins/mail';
import { openapiPlugin } from './plugins/openapi';
import { securityPlugin } from './plugins/security';
import { spaPlugin } from './plugins/spa';

declare module 'fastify' {
  interface FastifyInstance {
    routeTable: { method: string; url: string }[];
    config: Config;
    /** Set when the process has been asked to stop: /readyz then answers 503 so balancers steer requests away. */
    readiness: { stopping: boolean };
  }
}

const rootDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export interface BuildOptions {
  config: Config;
  database: Database;
  /** Where the built SPA lives; defaults to ./dist. */
  distDir?: string;
  logger?: boolean;
  /** Where the logs go instead of stdout (tests that read what was logged). */
  logStream?: { write(line: string): void };
  /** Replaces the configured mail transport (tests that do not run an SMTP peer). */
  mailer?: Mailer;
  /** The job engine's scheduler of webhook deliveries, and (tests) a host name resolver for the SSRF guard. */
  webhooks?: Omit<WebhookRoutesOptions, 'config'>;
}

/** Request bodies above this are refused with 413; the largest legitimate body (an incident) is far smaller. */
export const BODY_LIMIT_BYTES = 256 * 1024;

export async function buildApp({
  config,
  database,
  distDir,
  logger,
  logStream,
  mailer,
  webhooks,
}: BuildOptions): Promise<FastifyInstance> {
  const app = Fastify({
    // JSON logs; every line of a request carries its reqId; URLs are redacted and headers never logged.
    logger:
      logger === false
        ? false
        : {
            level: config.logLevel,
            serializers: logSerializers,
            redact: ['req.headers.authorization'],
            ...(logStream ? { stream: logStream } : {}),
          },
    genReqId: () => randomUUID(),
    bodyLimit: BODY_LIMIT_BYTES,
    // Behind a load balancer the client address comes from X-Forwarded-For (README: production).
    trustProxy: config.trustProxy,
    // Long-running dashboards keep connections open; closing idle ones lets shutdown finish promptly.
    forceCloseConnections: 'idle',
    // Requests already started finish before new ones start (server/lib/request-turns.ts).
    serverFactory: turnTakingServer(config.requestsPerTurn),
    frameworkErrors: answerFrameworkError,
  });
  // Every registered route, so that the authorisation matrix test can insist on a row for each.
  const routeTable: { method: string; url: string }[] = [];
  app.decorate('routeTable', routeTable);
  app.decorate('config', config);
  app.decorate('readiness', { stopping: false });
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat())
      if (method !== 'HEAD') routeTable.push({ method, url: route.url });
  });
  // Every contract refuses NUL, lone surrogates and deep nesting first, naming the field (decision 031).
  app.setValidatorCompiler<ZodType>((route) =>
    validatorCompiler({ ...route, schema: refuseUnsafeInput(route.schema) }),
  );
  app.setSerializerCompiler(serializerCompiler);
  // The API speaks JSON only; Fastify's default text/plain parser would let other bodies reach validation.
  app.removeContentTypeParser('text/plain');
  acceptEmptyJsonBodies(app);

  // While shutting down, answers in flight end their keep-alive connection: the server stops waiting for a
  // connection as soon as its last response is sent (idle keep-alive sockets would hold close() for 72 s).
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
    app.server.closeIdleConnections();
  });
  app.addHook('onSend', async (_request, reply) => {
    if (closing) reply.header('connection', 'close');
  });

  await app.register(errorsPlugin);
  await app.register(securityPlugin, { avatarsGravatar: config.avatarsGravatar });
  await app.register(dbPlugin, { database });
  await app.register(authPlugin, { config });
  await app.register(rateLimitsPlugin, { config });
  await app.register(idempotencyPlugin);
  await app.register(mailPlugin, { config, mailer });
  await app.register(teamCachePlugin);
  await app.register(livePlugin);
  await app.register(jobsPlugin, { config });
  await app.register(eventsPlugin);
  await app.register(metricsPlugin, { config });
  await app.register(openapiPlugin);

  await app.register(healthRoutes);
  await app.register(authRoutes, { config });
  await app.register(deviceRoutes, { config });
  await app.register(recoveryRoutes, { config });
  await app.register(ssoRoutes, { config });
  await app.register(presentationRoutes);
  await app.register(accountRoutes, { config });
  await app.register(tokenRoutes);
  await app.register(savedViewRoutes);
  await app.register(teamRoutes, { config });
  await app.register(membershipRoutes, { config });
  await app.register(incidentTypeRoutes);
  await app.register(customFieldRoutes);
  await app.register(dashboardRoutes);
  await app.register(trendRoutes);
  await app.register(adminRoutes, { config });
  await app.register(liveRoutes, { heartbeatMs: config.liveHeartbeatMs });
  // Before oopsRoutes' /api/oops/:id routes only in reading order: Fastify prefers static paths anyway.
  await app.register(importRoutes);
  await app.register(linkRoutes);
  await app.register(oopsRoutes);
  await app.register(confidentialRoutes);
  await app.register(ingestRoutes);
  await app.register(actionRoutes);
  await app.register(teamActionRoutes, { config });
  await app.register(triageRoutes);
  await app.register(webhookRoutes, { config, ...webhooks });
  await app.register(lessonRoutes);
  await app.register(searchRoutes);
  await app.register(digestRoutes, { config });
  await app.register(wallRoutes);

  await app.register(spaPlugin, {
    distDir: distDir ?? path.join(rootDir, 'dist'),
    sourceMaps: config.sourceMaps,
  });
  return app;
}
