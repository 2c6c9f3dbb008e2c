// No third-party calls by default (decision 030): the CSP names no other site, and user answers carry no avatar URL
// (the browser draws the identicon); the public avatar service only when AVATARS_GRAVATAR turns it on.
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createTestApp } from './test/app';
import { signUp, unique } from './test/factories';

function directives(csp: unknown): Map<string, string[]> {
  return new Map(
    String(csp)
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name, ...sources]) => [name!, sources]),
  );
}

describe('by default', () => {
  it('sends a CSP without https: or any other site, on pages and API answers alike', async () => {
    const app = await createTestApp();
    const me = await signUp(app);
    for (const url of [
      '/',
      '/dashboard',
      '/api/user/profile',
      '/healthz',
      '/api/docs/',
      '/api/docs/index.css',
    ]) {
      const csp = (await app.inject({ url, headers: me.auth })).headers['content-security-policy'];
      expect(String(csp), url).not.toMatch(/https?:/);
      const found = directives(csp);
      expect(found.get('img-src'), url).toEqual(["'self'", 'data:']);
      expect(found.get('connect-src') ?? found.get('default-src'), url).toEqual(["'self'"]);
      for (const [name, sources] of found)
        for (const source of sources) expect(source, `${url} ${name}`).toMatch(/^('[a-z-]+'|data:)$/);
      if (!url.startsWith('/api/docs')) expect(found.get('media-src'), url).toEqual(["'self'"]);
    }
  });

  it('answers user objects with avatar_url null, so the browser draws the identicon', async () => {
    const app = await createTestApp();
    const me = await signUp(app);
    expect(me.user.avatar_url).toBeNull();
    const res = await app.inject({ url: '/api/user/profile', headers: me.auth });
    expect(res.json<{ avatar_url: unknown }>().avatar_url).toBeNull();
    expect(res.body).not.toContain('gravatar');
  });
});

describe('with AVATARS_GRAVATAR on', () => {
  it("names only the avatar service's origin in img-src, and answers its identicon URL for the e-mail hash", async () => {
    const app = await createTestApp({ avatarsGravatar: true });
    const me = await signUp(app, { email: `Mixed.Case.${unique()}@Example.com` });
    const res = await app.inject({ url: '/api/user/profile', headers: me.auth });
    const found = directives(res.headers['content-security-policy']);
    expect(found.get('img-src')).toEqual(["'self'", 'data:', 'https://www.gravatar.com']);
    expect(found.get('media-src')).toEqual(["'self'"]);
    const { avatar_url, email } = res.json<{ avatar_url: string; email: string }>();
    const hash = createHash('md5').update(email.toLowerCase()).digest('hex');
    expect(avatar_url).toBe(`https://www.gravatar.com/avatar/${hash}?d=identicon&s=128`);
  });
});
