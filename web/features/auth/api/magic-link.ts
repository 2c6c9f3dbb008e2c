// POST /api/auth/magic-link (docs/product.md §7). Not retried on 5xx: a 503 means the mail could not be sent, and the user
// decides whether to try again (each attempt counts against the per-address limit).
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { magicLinkResponse, type magicLinkBody } from '../../../../common/contracts/recovery';
import { request } from '../../../lib/transport';

export type MagicLinkInput = z.input<typeof magicLinkBody>;

export function postMagicLink(body: MagicLinkInput): Promise<z.infer<typeof magicLinkResponse>> {
  return request('/api/auth/magic-link', { method: 'POST', body, schema: magicLinkResponse, retries: 0 });
}

export function useMagicLink() {
  return useMutation({ mutationFn: postMagicLink });
}
