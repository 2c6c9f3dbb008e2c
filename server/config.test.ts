import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

describe('loadConfig', () => {
  it('has the documented defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      host: '0.0.0.0',
      dataDir: './data',
      appUrl: 'http://localhost:3000',
    });
    expect(config.databaseUrl).toBeUndefined();
    expect(config.smtpUrl).toBeUndefined();
    expect(config.rateLimits).toEqual({ writesPerMinute: 600, readsPerMinute: 300 });
  });

  it('reads the metrics listener port (9464, 0 for any free port, off) and the avatar switch', () => {
    expect(loadConfig({}).metricsPort).toBe(9464);
    expect(loadConfig({ METRICS_PORT: '0' }).metricsPort).toBe(0);
    expect(loadConfig({ METRICS_PORT: '9100' }).metricsPort).toBe(9100);
    expect(loadConfig({ METRICS_PORT: 'off' }).metricsPort).toBeNull();
    for (const bad of ['70000', '-1', 'on'])
      expect(() => loadConfig({ METRICS_PORT: bad })).toThrow(
        `Invalid configuration: METRICS_PORT must be a port number (0 to 65535) or 'off' (got "${bad}")`,
      );
    expect(() => loadConfig({ PORT: '9464' })).toThrow(
      /^Invalid configuration: METRICS_PORT must differ from PORT/,
    );
    expect(loadConfig({ PORT: '9464', METRICS_PORT: 'off' }).port).toBe(9464);
    expect(loadConfig({ PORT: '0', METRICS_PORT: '0' }).metricsPort).toBe(0);
    expect(loadConfig({}).avatarsGravatar).toBe(false);
    expect(loadConfig({ AVATARS_GRAVATAR: 'true' }).avatarsGravatar).toBe(true);
    expect(loadConfig({ AVATARS_GRAVATAR: '0' }).avatarsGravatar).toBe(false);
    expect(() => loadConfig({ AVATARS_GRAVATAR: 'yes' })).toThrow(
      /^Invalid configuration: AVATARS_GRAVATAR /,
    );
  });

  it('reads the rate limits, 0 meaning off', () => {
    const config = loadConfig({ RATE_LIMIT_WRITES_PER_MINUTE: '0', RATE_LIMIT_READS_PER_MINUTE: '20' });
    expect(config.rateLimits).toEqual({ writesPerMinute: 0, readsPerMinute: 20 });
    expect(() => loadConfig({ RATE_LIMIT_WRITES_PER_MINUTE: '-1' })).toThrow(
      /^Invalid configuration: RATE_LIMIT_WRITES_PER_MINUTE /,
    );
    expect(() => loadConfig({ RATE_LIMIT_READS_PER_MINUTE: 'lots' })).toThrow(/RATE_LIMIT_READS_PER_MINUTE/);
  });

  it('reads the weekly digest schedule: every 15 minutes by default, off, or a cron expression', () => {
    expect(loadConfig({}).digestCron).toBe('*/15 * * * *');
    expect(loadConfig({ DIGEST_CRON: 'off' }).digestCron).toBeNull();
    expect(loadConfig({ DIGEST_CRON: '0 * * * 1' }).digestCron).toBe('0 * * * 1');
    expect(() => loadConfig({ DIGEST_CRON: 'weekly' })).toThrow(
      /^Invalid configuration: DIGEST_CRON must be a cron/,
    );
  });

  it('reads the secrets key and the webhook private-address switch, never echoing a bad key', () => {
    const key = Buffer.alloc(32, 7).toString('base64');
    expect(loadConfig({}).secretsKey).toBeUndefined();
    expect(loadConfig({ SECRETS_KEY: key }).secretsKey).toBe(key);
    const short = Buffer.alloc(16, 7).toString('base64');
    expect(() => loadConfig({ SECRETS_KEY: short })).toThrow(
      /^Invalid configuration: SECRETS_KEY must be 32/,
    );
    expect(() => loadConfig({ SECRETS_KEY: short })).not.toThrow(new RegExp(short.slice(0, 10)));
    expect(loadConfig({}).webhookAllowPrivate).toBe(false);
    expect(loadConfig({ WEBHOOK_ALLOW_PRIVATE: 'true' }).webhookAllowPrivate).toBe(true);
    expect(loadConfig({ WEBHOOK_ALLOW_PRIVATE: '0' }).webhookAllowPrivate).toBe(false);
    expect(() => loadConfig({ WEBHOOK_ALLOW_PRIVATE: 'yes' })).toThrow(/WEBHOOK_ALLOW_PRIVATE/);
  });

  it('reads the PostgreSQL pool size and timeouts, 0 meaning no timeout', () => {
    expect(loadConfig({}).pgPool).toEqual({ max: 10, statementTimeoutMs: 5000, acquireTimeoutMs: 5000 });
    expect(
      loadConfig({ PG_POOL_MAX: '20', PG_STATEMENT_TIMEOUT_MS: '0', PG_POOL_ACQUIRE_TIMEOUT_MS: '250' })
        .pgPool,
    ).toEqual({ max: 20, statementTimeoutMs: 0, acquireTimeoutMs: 250 });
    expect(() => loadConfig({ PG_POOL_MAX: '0' })).toThrow(
      /^Invalid configuration: PG_POOL_MAX .*\(got "0"\)$/,
    );
    expect(() => loadConfig({ PG_POOL_MAX: 'ten' })).toThrow(/^Invalid configuration: PG_POOL_MAX /);
    expect(() => loadConfig({ PG_STATEMENT_TIMEOUT_MS: '-5' })).toThrow(
      /^Invalid configuration: PG_STATEMENT_TIMEOUT_MS .*\(got "-5"\)$/,
    );
    expect(() => loadConfig({ PG_STATEMENT_TIMEOUT_MS: '1.5' })).toThrow(/PG_STATEMENT_TIMEOUT_MS/);
    expect(() => loadConfig({ PG_POOL_ACQUIRE_TIMEOUT_MS: '5s' })).toThrow(
      /^Invalid configuration: PG_POOL_ACQUIRE_TIMEOUT_MS /,
    );
  });

  it('starts new requests 4 per turn of the event loop unless REQUESTS_PER_TURN says otherwise', () => {
    expect(loadConfig({}).requestsPerTurn).toBe(4);
    expect(loadConfig({ REQUESTS_PER_TURN: '8' }).requestsPerTurn).toBe(8);
    expect(loadConfig({ REQUESTS_PER_TURN: '0' }).requestsPerTurn).toBe(0);
    expect(() => loadConfig({ REQUESTS_PER_TURN: '-1' })).toThrow(
      /^Invalid configuration: REQUESTS_PER_TURN .*\(got "-1"\)$/,
    );
  });

  it('derives APP_URL from PORT and parses SUPER_ADMIN_EMAILS', () => {
    const config = loadConfig({ PORT: '8080', SUPER_ADMIN_EMAILS: ' A@x.io, b@y.io ,' });
    expect(config.appUrl).toBe('http://localhost:8080');
    expect([...config.superAdminEmails]).toEqual(['a@x.io', 'b@y.io']);
  });

  it('stops with one line naming the bad variable', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/^Invalid configuration: PORT /);
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x' })).toThrow(
      /DATABASE_URL must start with postgres:\/\//,
    );
    expect(() => loadConfig({ APP_URL: 'not a url' })).toThrow(/APP_URL/);
    expect(() => loadConfig({ LOG_LEVEL: 'loud' })).toThrow(/LOG_LEVEL/);
  });

  describe('single sign-on', () => {
    const OIDC = {
      OIDC_ISSUER: 'https://login.example.com',
      OIDC_CLIENT_ID: 'oopsboard',
      OIDC_CLIENT_SECRET: 'very-secret-value',
    };

    it('is off by default', () => {
      expect(loadConfig({})).toMatchObject({ oidc: null, oidcOnly: false });
    });

    it('reads the provider, with defaults for the rest', () => {
      expect(loadConfig(OIDC).oidc).toEqual({
        issuer: 'https://login.example.com',
        clientId: 'oopsboard',
        clientSecret: 'very-secret-value',
        providerName: 'SSO',
        allowedDomains: [],
        defaultTeamId: null,
      });
      const config = loadConfig({
        ...OIDC,
        OIDC_PROVIDER_NAME: 'Acme ID',
        OIDC_ALLOWED_DOMAINS: ' Example.com, corp.example.org ,',
        OIDC_DEFAULT_TEAM: '12',
        OIDC_ONLY: 'true',
      });
      expect(config.oidc).toMatchObject({
        providerName: 'Acme ID',
        allowedDomains: ['example.com', 'corp.example.org'],
        defaultTeamId: 12,
      });
      expect(config.oidcOnly).toBe(true);
    });

    it('needs the issuer, client id and secret together', () => {
      const { OIDC_CLIENT_SECRET: _secret, ...partial } = OIDC;
      expect(() => loadConfig(partial)).toThrow(
        /^Invalid configuration: OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET must be set together/,
      );
      expect(() => loadConfig({ OIDC_CLIENT_SECRET: 'x' })).toThrow(ConfigError);
      expect(() => loadConfig({ OIDC_ONLY: 'true' })).toThrow(/OIDC_ONLY needs OIDC_ISSUER/);
    });

    it('refuses a plain-http issuer except on this machine, and bad values, never echoing the secret', () => {
      expect(() => loadConfig({ ...OIDC, OIDC_ISSUER: 'http://login.example.com' })).toThrow(
        /^Invalid configuration: OIDC_ISSUER must use https/,
      );
      expect(loadConfig({ ...OIDC, OIDC_ISSUER: 'http://127.0.0.1:9000' }).oidc?.issuer).toBe(
        'http://127.0.0.1:9000',
      );
      expect(() => loadConfig({ ...OIDC, OIDC_ISSUER: 'login' })).toThrow(
        /OIDC_ISSUER must be an absolute URL/,
      );
      expect(() => loadConfig({ ...OIDC, OIDC_ALLOWED_DOMAINS: 'example.com,@bad' })).toThrow(
        /OIDC_ALLOWED_DOMAINS must be a comma-separated list/,
      );
      expect(() => loadConfig({ ...OIDC, OIDC_DEFAULT_TEAM: 'engineering' })).toThrow(
        /OIDC_DEFAULT_TEAM must be a team id/,
      );
      expect(() => loadConfig({ ...OIDC, OIDC_ONLY: 'yes' })).toThrow(/OIDC_ONLY/);
      expect(() => loadConfig({ ...OIDC, OIDC_PROVIDER_NAME: 'x'.repeat(41) })).toThrow(/OIDC_PROVIDER_NAME/);
      // A bad secret is never shown (it cannot be malformed, but an empty one of a partial set names no value).
      expect(() => loadConfig({ ...OIDC, OIDC_CLIENT_ID: '' })).not.toThrow(/very-secret-value/);
    });
  });
});
