// One HTTP POST of a delivery: connects to the address the SSRF guard vetted, follows no redirect, gives up after
// the timeout, and reads at most WEBHOOK_DELIVERY.responseBytes of the answer before closing the connection.
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { performance } from 'node:perf_hooks';
import { WEBHOOK_DELIVERY } from '../../../common/domain/webhooks';
import type { ResolvedAddress } from './ssrf';

export interface SendResult {
  /** The HTTP status, or null when no answer came (refused, reset, timed out). */
  status: number | null;
  /** The start of the response body (at most responseBytes bytes, as UTF-8). */
  excerpt: string | null;
  error: string | null;
  latencyMs: number;
}

export const USER_AGENT = 'OopsBoard-Webhooks';

// PostgreSQL text cannot hold NUL; the excerpt is for reading, so NULs become U+FFFD.
const cleanExcerpt = (bytes: Buffer) => bytes.toString('utf8').replace(/\0/g, '\uFFFD');

export function postJson(
  url: string,
  address: ResolvedAddress,
  headers: Record<string, string>,
  body: string,
  timeoutMs: number = WEBHOOK_DELIVERY.timeoutMs,
): Promise<SendResult> {
  const target = new URL(url);
  const transport = target.protocol === 'https:' ? https : http;
  const limit = WEBHOOK_DELIVERY.responseBytes;
  // The host name stays in the URL (Host header, TLS SNI and certificate check); only the connection's address is
  // pinned to the vetted one.
  const lookup: LookupFunction = (_hostname, options, callback) => {
    if (options.all) (callback as (e: null, a: ResolvedAddress[]) => void)(null, [address]);
    else callback(null, address.address, address.family);
  };
  const started = performance.now();
  return new Promise<SendResult>((resolve) => {
    let settled = false;
    let status: number | null = null;
    const chunks: Buffer[] = [];
    let received = 0;
    const finish = (error: string | null) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      const bytes = Buffer.concat(chunks).subarray(0, limit);
      resolve({
        status,
        excerpt: status === null ? null : cleanExcerpt(bytes),
        error,
        latencyMs: Math.round(performance.now() - started),
      });
      request.destroy();
    };
    const request = transport.request(
      target,
      {
        method: 'POST',
        agent: false,
        lookup,
        headers: {
          ...headers,
          'content-type': 'application/json',
          'content-length': String(Buffer.byteLength(body)),
          'user-agent': USER_AGENT,
        },
      },
      (response) => {
        status = response.statusCode ?? null;
        const redirect =
          status !== null && status >= 300 && status < 400 ? 'Redirects are not followed.' : null;
        response.on('data', (chunk: Buffer) => {
          chunks.push(chunk);
          received += chunk.length;
          if (received >= limit) finish(redirect);
        });
        response.on('end', () => finish(redirect));
        response.on('error', (e) => finish(e.message));
      },
    );
    const timer = setTimeout(() => finish(`Timed out after ${timeoutMs / 1000} s.`), timeoutMs);
    request.on('error', (e) => finish(e.message));
    request.end(body);
  });
}
