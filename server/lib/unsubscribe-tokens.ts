// One-click unsubscribe links (RFC 8058, decision 021): a token naming the user and the e-mail they leave (the digest,
// action reminders or feedback on their reports, decision 049), signed with HMAC-SHA256 under a key derived from
// SECRETS_KEY. It never expires (an old e-mail's link keeps working, and unsubscribing is reversible in /profile) but
// any change to it makes it invalid.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { derivedKeyFor } from './secret-box';

export const UNSUBSCRIBE_KINDS = ['digest', 'reminders', 'feedback'] as const;
export type UnsubscribeKind = (typeof UNSUBSCRIBE_KINDS)[number];

const PREFIX: Record<UnsubscribeKind, string> = { digest: 'd', reminders: 'r', feedback: 'f' };
const KIND_OF_PREFIX = Object.fromEntries(UNSUBSCRIBE_KINDS.map((k) => [PREFIX[k], k])) as Record<
  string,
  UnsubscribeKind
>;
const TOKEN = /^([drf])([1-9][0-9]{0,9})-([A-Za-z0-9_-]{43})$/;

export interface UnsubscribeLinks {
  /** The token for this user and kind: `d42-<signature>` (URL-safe, so links and the SMTP test peer keep it whole). */
  token(userId: number, kind: UnsubscribeKind): string;
  /** The user and kind a token names, or null when it was not made with this key or was altered. */
  verify(token: string): { userId: number; kind: UnsubscribeKind } | null;
  /** The headers of RFC 2369 and RFC 8058 for an e-mail to this user of this kind. */
  headers(userId: number, kind: UnsubscribeKind): Record<string, string>;
  /** The web page the e-mail's body links to (it confirms what was done). */
  pageUrl(userId: number, kind: UnsubscribeKind): string;
}

export function createUnsubscribeLinks(config: {
  appUrl: string;
  secretsKey: string | undefined;
  dataDir: string;
}): UnsubscribeLinks {
  const key = derivedKeyFor(config, 'oopsboard unsubscribe v1');
  const sign = (userId: number, kind: UnsubscribeKind) =>
    createHmac('sha256', key).update(`unsubscribe:${kind}:${userId}`).digest('base64url');
  const token = (userId: number, kind: UnsubscribeKind) => `${PREFIX[kind]}${userId}-${sign(userId, kind)}`;
  return {
    token,
    verify(candidate) {
      const match = TOKEN.exec(candidate);
      if (!match) return null;
      const kind = KIND_OF_PREFIX[match[1]!]!;
      const userId = Number(match[2]);
      if (userId > 2_147_483_647) return null;
      const expected = Buffer.from(sign(userId, kind));
      const given = Buffer.from(match[3]!);
      return expected.length === given.length && timingSafeEqual(expected, given) ? { userId, kind } : null;
    },
    headers(userId, kind) {
      return {
        'List-Unsubscribe': `<${config.appUrl}/api/unsubscribe?token=${token(userId, kind)}>`,
        'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
      };
    },
    pageUrl(userId, kind) {
      return `${config.appUrl}/unsubscribe?token=${token(userId, kind)}`;
    },
  };
}
