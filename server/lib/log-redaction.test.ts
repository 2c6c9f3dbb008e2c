import { describe, expect, it } from 'vitest';
import { redactUrl } from './log-redaction';

describe('redactUrl', () => {
  it('hides token-like query values and keeps the rest', () => {
    expect(redactUrl('/api/auth/verify?token=abc123')).toBe('/api/auth/verify?token=[redacted]');
    expect(redactUrl('/signup?x=1&invitation=zzz&y=2')).toBe('/signup?x=1&invitation=[redacted]&y=2');
    expect(redactUrl('/api/oops?search=token')).toBe('/api/oops?search=token');
  });
});
