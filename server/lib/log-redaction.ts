// Log lines never carry secrets: tokens travel in query strings (magic links, resets, invitations) and headers.
const SECRET_PARAMS = /([?&](?:token|invitation|invitationToken)=)[^&#]*/gi;

export function redactUrl(url: string): string {
  return url.replace(SECRET_PARAMS, '$1[redacted]');
}

/** Pino serializers for Fastify's request log lines: method, redacted URL, client address; never headers. */
export const logSerializers = {
  req(req: { method: string; url: string; ip?: string; id?: string }) {
    return { method: req.method, url: redactUrl(req.url), ip: req.ip, id: req.id };
  },
};
