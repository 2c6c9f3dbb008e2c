import { describe, expect, it } from 'vitest';
import { avatarHash, avatarInitial, avatarSource, avatarUrl, identiconDataUri } from './avatar';
import { md5Hex } from './md5';

describe('md5Hex', () => {
  // Vectors from RFC 1321 appendix A.5, plus multi-block and non-ASCII input.
  it.each([
    ['', 'd41d8cd98f00b204e9800998ecf8427e'],
    ['a', '0cc175b9c0f1b6a831c399e269772661'],
    ['abc', '900150983cd24fb0d6963f7d28e17f72'],
    ['message digest', 'f96b697d7cb7938d525a2f31aaf161d0'],
    ['abcdefghijklmnopqrstuvwxyz', 'c3fcd3d76192e4007dfb496cca67e13b'],
    [
      '12345678901234567890123456789012345678901234567890123456789012345678901234567890',
      '57edf4a22be3c955ac49da2e2107b67a',
    ],
  ])('hashes %j', (input, expected) => {
    expect(md5Hex(input)).toBe(expected);
  });

  it('hashes UTF-8 bytes, not UTF-16 code units', () => {
    // 'é' is C3 A9 in UTF-8; expected value from node:crypto.
    expect(md5Hex('\u00e9')).toBe('66ddcd97cfdeabb2f6fb8a999b4bc76f');
  });

  it('agrees with a second block boundary case (55, 56 and 64 bytes)', () => {
    expect(md5Hex('a'.repeat(55))).toBe('ef1772b6dff9a122358552954ad0df65');
    expect(md5Hex('a'.repeat(56))).toBe('3b0c8ac703f828b04c6c197006d17218');
    expect(md5Hex('a'.repeat(64))).toBe('014842d480b571495a4a0363793f7367');
  });
});

describe('avatarUrl', () => {
  it('keys the identicon on the MD5 of the trimmed, lowercased e-mail', () => {
    // Gravatar's documented example: MyEmailAddress@example.com.
    expect(avatarUrl(' MyEmailAddress@example.com ')).toBe(
      'https://www.gravatar.com/avatar/0bc83cb571cd1c50ba6f3e8a78ef1346?d=identicon&s=80',
    );
  });
});

describe('avatarSource: which image an avatar shows', () => {
  const email = ' MyEmailAddress@example.com ';

  it('draws the identicon locally from the e-mail hash when the server sent no avatar URL', () => {
    for (const user of [{ email }, { email, avatar_url: null }]) {
      const src = avatarSource(user);
      expect(src).toMatch(/^data:image\/svg\+xml;charset=utf-8,/);
      expect(src).toBe(identiconDataUri(email));
      expect(src).not.toMatch(/https?:/i);
    }
  });

  it('keys the local identicon on the hash of the lowercased e-mail, and tells e-mails apart', () => {
    expect(avatarHash(email)).toBe('0bc83cb571cd1c50ba6f3e8a78ef1346');
    expect(identiconDataUri('myemailaddress@EXAMPLE.com')).toBe(identiconDataUri(email));
    expect(identiconDataUri('someone.else@example.com')).not.toBe(identiconDataUri(email));
    const svg = decodeURIComponent(identiconDataUri(email).split(',')[1]!);
    expect(svg).toMatch(/^<svg [^>]*xmlns="http:\/\/www\.w3\.org\/2000\/svg"[^>]*>(<rect [^>]+\/>)+<\/svg>$/);
  });

  it("shows the public service's URL only when the server sent one (AVATARS_GRAVATAR on)", () => {
    const url = avatarUrl(email, 128);
    expect(avatarSource({ email, avatar_url: url })).toBe(url);
  });
});

describe('avatarInitial', () => {
  it('uses the first letter of the name, upper-cased', () => {
    expect(avatarInitial('ada Lovelace')).toBe('A');
  });
  it("falls back to 'U'", () => {
    expect(avatarInitial('')).toBe('U');
    expect(avatarInitial('   ')).toBe('U');
    expect(avatarInitial(null)).toBe('U');
  });
});
