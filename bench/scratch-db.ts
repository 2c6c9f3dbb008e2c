// Runs a benchmark on a scratch PostgreSQL database (created and dropped here), or on in-memory PGlite without a URL.
import pg from 'pg';

export async function withScratchDatabase(
  baseUrl: string | undefined,
  run: (url: string | undefined) => Promise<void>,
): Promise<void> {
  if (!baseUrl) return run(undefined);
  const name = `oopsboard_bench_${process.pid}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  try {
    await run(url.toString());
  } finally {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}
