import { describe, expect, it } from 'vitest';
import { createTestApp } from '../test/app';
import { signUp } from '../test/factories';

describe('GET /metrics', () => {
  it('counts requests by route pattern and status, with pool and live figures, and no ids or tokens', async () => {
    const app = await createTestApp();
    const me = await signUp(app);
    await app.inject({ url: '/api/oops/detail/12345-secret-title', headers: me.auth });
    // The same statistic twice: computed, then served from the team cache.
    for (let i = 0; i < 2; i++) await app.inject({ url: '/api/oops/stats', headers: me.auth });
    const res = await app.inject({ url: '/metrics' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    expect(res.body).toMatch(
      /oopsboard_http_requests_total\{method="GET",route="\/api\/oops\/detail\/:idSlug",status="404"\} 1/,
    );
    expect(res.body).toMatch(
      /oopsboard_http_request_duration_seconds_bucket\{le="0.005",method="POST",route="\/api\/auth\/login",status="200"\}/,
    );
    expect(res.body).toMatch(/oopsboard_db_pool_connections\{state="total"\} \d+/);
    expect(res.body).toMatch(/oopsboard_live_connections 0/);
    const lookups = (result: string) =>
      Number(
        new RegExp(`oopsboard_team_cache_lookups_total\\{result="${result}"\\} (\\d+)`).exec(res.body)?.[1],
      );
    expect(lookups('hit')).toBeGreaterThanOrEqual(1);
    expect(lookups('miss')).toBeGreaterThanOrEqual(1);
    expect(res.body).not.toContain('secret-title');
    expect(res.body).not.toContain(me.token);
  });

  it('needs the bearer token when METRICS_TOKEN is set', async () => {
    const app = await createTestApp({ metricsToken: 'a-long-metrics-token-123' });
    expect((await app.inject({ url: '/metrics' })).statusCode).toBe(401);
    expect(
      (await app.inject({ url: '/metrics', headers: { authorization: 'Bearer wrong-token-of-some-length' } }))
        .statusCode,
    ).toBe(401);
    expect(
      (await app.inject({ url: '/metrics', headers: { authorization: 'Bearer a-long-metrics-token-123' } }))
        .statusCode,
    ).toBe(200);
  });
});
