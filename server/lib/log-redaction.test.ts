import { describe, expect, it } from 'vitest';
import { redactApiTokens, redactUrl } from './log-redaction';

describe('redactUrl', () => {
  it('hides token-like query values and keeps the rest', () => {
    expect(redactUrl('/api/auth/verify?token=abc123')).toBe('/api/auth/verify?token=[redacted]');
    expect(redactUrl('/signup?x=1&invitation=zzz&y=2')).toBe('/signup?x=1&invitation=[redacted]&y=2');
    expect(redactUrl('/api/oops?search=token')).toBe('/api/oops?search=token');
  });

  it("hides the single sign-on callback's code and state, and the hand-off code", () => {
    expect(redactUrl('/api/auth/oidc/callback?code=c0de&state=st4te&iss=https%3A%2F%2Fid.example')).toBe(
      '/api/auth/oidc/callback?code=[redacted]&state=[redacted]&iss=https%3A%2F%2Fid.example',
    );
    expect(redactUrl('/login/sso?code=h4nd0ff')).toBe('/login/sso?code=[redacted]');
  });

  it('hides personal access tokens wherever they appear', () => {
    const token = `oops_pat_${'A1_-b'.repeat(8)}x`;
    expect(redactUrl(`/api/oops?access_token=${token}`)).toBe('/api/oops?access_token=oops_pat_[redacted]');
    expect(redactUrl(`/api/${token}/x`)).toBe('/api/oops_pat_[redacted]/x');
    expect(redactApiTokens(`Bearer ${token}`)).toBe('Bearer oops_pat_[redacted]');
  });

  it('hides display tokens wherever they appear', () => {
    const token = `oops_wall_${'A1_-b'.repeat(8)}x`;
    expect(redactUrl(`/wall?x=${token}`)).toBe('/wall?x=oops_wall_[redacted]');
    expect(redactApiTokens(`Bearer ${token}`)).toBe('Bearer oops_wall_[redacted]');
  });
});
