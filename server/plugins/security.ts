// Security headers on every response (helmet's set) and no caching of API answers, which carry account data.
import fp from 'fastify-plugin';
import helmet from 'helmet';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { AVATAR_SERVICE_ORIGIN } from '../../common/domain/avatar';

export interface SecurityOptions {
  /** Avatars from the public avatar service (AVATARS_GRAVATAR): its origin joins img-src. */
  avatarsGravatar: boolean;
}

/** helmet's options for this installation: the CSP names no other site unless an option turns one on. */
function helmetOptions({ avatarsGravatar }: SecurityOptions): Parameters<typeof helmet>[0] {
  return {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // Mantine injects CSS variables in style elements at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        // Identicons are drawn as data: URIs; the public avatar service's one origin only where it is turned on
        // (decision 030). The demo media are files of the app itself.
        imgSrc: ["'self'", 'data:', ...(avatarsGravatar ? [AVATAR_SERVICE_ORIGIN] : [])],
        mediaSrc: ["'self'"],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    crossOriginEmbedderPolicy: false,
  };
}

/**
 * The headers helmet sets, worked out once. They do not depend on the request (no CSP nonces), and building them
 * per request, as @fastify/helmet does, cost ~7 % of a cached dashboard call.
 */
export function securityHeaders(options: SecurityOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const res = {
    setHeader: (name: string, value: string) => void (headers[name.toLowerCase()] = String(value)),
    removeHeader: (name: string) => void delete headers[name.toLowerCase()],
  };
  let failed: unknown;
  helmet(helmetOptions(options))(
    {} as IncomingMessage,
    res as unknown as ServerResponse,
    (error?: unknown) => {
      failed = error;
    },
  );
  if (failed) throw new Error('helmet could not work out the security headers', { cause: failed });
  return headers;
}

export const securityPlugin = fp<SecurityOptions>(async (app, options) => {
  const headers = securityHeaders(options);
  app.addHook('onRequest', async (_request, reply) => {
    reply.headers(headers);
  });
  app.addHook('onSend', async (request, reply) => {
    if (request.url.startsWith('/api/') && !request.url.startsWith('/api/docs')) {
      reply.header('cache-control', 'no-store');
    }
  });
});
