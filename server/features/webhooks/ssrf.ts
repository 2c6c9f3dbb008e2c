// Server-side request forgery guard: a webhook URL may only reach public unicast addresses, unless
// WEBHOOK_ALLOW_PRIVATE=true. Every address the name resolves to is checked (a name with one private address is
// refused), at create/update and again at each send; the send then connects to the checked address, so a DNS answer
// that changes between check and connect (rebinding) cannot redirect it.
import dns from 'node:dns';
import net from 'node:net';
import ipaddr from 'ipaddr.js';
import { WEBHOOK_MESSAGES } from '../../../common/contracts/webhooks';

export interface ResolvedAddress {
  address: string;
  family: number;
}
/** Resolves a host name to all its addresses (dns.promises.lookup with all: true; tests may pass their own). */
export type Lookup = (hostname: string) => Promise<ResolvedAddress[]>;

export const systemLookup: Lookup = (hostname) =>
  dns.promises.lookup(hostname, { all: true, verbatim: true });

export class UnsafeUrlError extends Error {}

/**
 * Public unicast only: loopback, private, link-local (cloud metadata 169.254.169.254), unique-local,
 * unspecified, carrier-grade NAT, reserved, broadcast, multicast and the rest are refused, also in their
 * IPv4-mapped IPv6 form.
 */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  let ip = ipaddr.parse(address);
  if (ip.kind() === 'ipv6' && (ip as ipaddr.IPv6).isIPv4MappedAddress())
    ip = (ip as ipaddr.IPv6).toIPv4Address();
  return ip.range() === 'unicast';
}

/** The URL's host as a name or a bare IP address (URL keeps IPv6 literals in brackets). */
function hostOf(url: URL): string {
  return url.hostname.replace(/^\[(.*)\]$/, '$1');
}

/**
 * Resolves the URL's host and returns the address to connect to, or throws UnsafeUrlError with a message fit for
 * the user.
 */
export async function vetUrl(
  rawUrl: string,
  { allowPrivate, lookup = systemLookup }: { allowPrivate: boolean; lookup?: Lookup },
): Promise<ResolvedAddress> {
  let url: URL;
  try {
    url = new URL(rawUrl);
  } catch {
    throw new UnsafeUrlError(WEBHOOK_MESSAGES.badUrl);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    throw new UnsafeUrlError(WEBHOOK_MESSAGES.badUrl);
  const host = hostOf(url);
  let addresses: ResolvedAddress[];
  if (net.isIP(host)) addresses = [{ address: host, family: net.isIP(host) }];
  else {
    try {
      addresses = await lookup(host);
    } catch {
      throw new UnsafeUrlError(WEBHOOK_MESSAGES.unresolvable(host));
    }
  }
  if (addresses.length === 0) throw new UnsafeUrlError(WEBHOOK_MESSAGES.unresolvable(host));
  if (!allowPrivate && addresses.some((a) => !isPublicAddress(a.address)))
    throw new UnsafeUrlError(WEBHOOK_MESSAGES.privateAddress);
  return addresses[0]!;
}
