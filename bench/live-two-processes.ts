// `npm run bench:live`: how long a logged incident takes to reach a live stream served by another app process on
// the same PostgreSQL (the "within 2 s across two server processes"). Two real servers (server/main.ts) on
// a scratch database; BENCH_ROUNDS (default 20) incidents are logged on A while a stream is open on B, and the time
// from sending the POST to the event arriving is printed (min, median, p95, max). Prints figures; asserts nothing.
import { freePort, post, startServer } from '../server/test/server-process';
import { withScratchDatabase } from './scratch-db';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 20);
const PG_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

await withScratchDatabase(PG_URL, async (url) => {
  const env = { DATABASE_URL: url!, LOG_LEVEL: 'error' };
  const a = await startServer(env, await freePort());
  const b = await startServer(env, await freePort());
  try {
    const suffix = Math.random().toString(36).slice(2, 8);
    const email = `live${suffix}@example.com`;
    const password = 'Bench!Pass1';
    await post(a.url, '/api/auth/register', {
      email,
      password,
      name: 'Live Bench',
      username: `live${suffix}`,
      teamName: `Live ${suffix}`,
      industry: 'Technology',
    });
    const token = String((await post(a.url, '/api/auth/login', { email, password })).json!.token);
    const stream = await fetch(`${b.url}/api/live`, { headers: { authorization: `Bearer ${token}` } });
    if (stream.status !== 200) throw new Error(`live stream: HTTP ${stream.status} ${await stream.text()}`);
    const reader = stream.body!.getReader();
    const decoder = new TextDecoder();
    const nextEvent = async (): Promise<void> => {
      let text = '';
      while (!text.includes('event: oops')) {
        const { done, value } = await reader.read();
        if (done) throw new Error(`the live stream ended after ${JSON.stringify(text)}`);
        text += decoder.decode(value);
      }
    };
    await reader.read(); // the stream's greeting
    const times: number[] = [];
    for (let i = 0; i < ROUNDS; i++) {
      const arrived = nextEvent();
      arrived.catch(() => {}); // awaited below, unless the POST fails first
      const sent = performance.now();
      const incident = { title: `Live ${i}`, severity: 'Low', description: 'Logged by the live benchmark.' };
      const res = await post(a.url, '/api/oops', incident, token);
      if (res.status !== 201) throw new Error(`log failed: ${res.status} ${JSON.stringify(res.json)}`);
      await arrived;
      times.push(performance.now() - sent);
    }
    times.sort((x, y) => x - y);
    const at = (p: number) => times[Math.min(times.length - 1, Math.ceil(p * times.length) - 1)]!.toFixed(1);
    console.log(
      `Incident logged on process A → event on a stream of process B (PostgreSQL LISTEN/NOTIFY), ${ROUNDS} rounds:` +
        ` min ${times[0]!.toFixed(1)} ms, median ${at(0.5)} ms, p95 ${at(0.95)} ms, max ${at(1)} ms`,
    );
    await reader.cancel();
  } finally {
    a.child.kill('SIGTERM');
    b.child.kill('SIGTERM');
    await Promise.all([a.exited, b.exited]);
  }
});
