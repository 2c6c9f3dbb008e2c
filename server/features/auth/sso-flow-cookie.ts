// The flow state rides in a sealed (AES-GCM, server/lib/secret-box.ts), short-lived, HttpOnly, SameSite=Lax cookie
// on /api/auth/oidc only, so app processes stay stateless and another site cannot start or finish a flow for us.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../../config';
import { secretBoxFor } from '../../lib/secret-box';
import type { FlowState } from './sso-oidc-client';

export const FLOW_COOKIE = 'oopsboard_oidc';
export const FLOW_COOKIE_PATH = '/api/auth/oidc';
/** Long enough to type a password and answer a second factor at the provider. */
export const FLOW_TTL_MS = 10 * 60 * 1000;

const cookieOptions = (config: Config) => ({
  path: FLOW_COOKIE_PATH,
  httpOnly: true,
  sameSite: 'lax' as const,
  secure: config.appUrl.startsWith('https:'),
});

export function setFlowCookie(reply: FastifyReply, config: Config, flow: FlowState): void {
  const sealed = secretBoxFor(config).seal(JSON.stringify({ ...flow, exp: Date.now() + FLOW_TTL_MS }));
  reply.setCookie(FLOW_COOKIE, sealed, { ...cookieOptions(config), maxAge: FLOW_TTL_MS / 1000 });
}

export function clearFlowCookie(reply: FastifyReply, config: Config): void {
  reply.clearCookie(FLOW_COOKIE, cookieOptions(config));
}

/** The flow of this browser, or null when the cookie is missing, altered, or older than FLOW_TTL_MS. */
export function readFlowCookie(request: FastifyRequest, config: Config): FlowState | null {
  const sealed = request.cookies[FLOW_COOKIE];
  if (!sealed) return null;
  try {
    const flow = JSON.parse(secretBoxFor(config).open(sealed)) as FlowState & { exp: number };
    if (typeof flow.exp !== 'number' || flow.exp <= Date.now()) return null;
    return {
      verifier: flow.verifier,
      state: flow.state,
      nonce: flow.nonce,
      returnTo: flow.returnTo,
      remember: flow.remember === true,
    };
  } catch {
    return null;
  }
}
