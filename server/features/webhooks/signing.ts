// Standard Webhooks signing (https://www.standardwebhooks.com): the package that receivers verify with signs too.
import { randomBytes } from 'node:crypto';
import { Webhook } from 'standardwebhooks';

/** A new signing secret in the specification's format: whsec_ and 32 random bytes in base64. */
export function generateSecret(): string {
  return `whsec_${randomBytes(32).toString('base64')}`;
}

/** The three headers of a signed delivery: webhook-id, webhook-timestamp (seconds) and webhook-signature (v1,…). */
export function signatureHeaders(
  secret: string,
  webhookId: string,
  at: Date,
  body: string,
): Record<string, string> {
  return {
    'webhook-id': webhookId,
    'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
    'webhook-signature': new Webhook(secret).sign(webhookId, at, body),
  };
}
