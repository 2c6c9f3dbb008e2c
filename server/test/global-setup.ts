// Prepares one database for the API suite: a migrated PGlite image that every test file loads (skipping initdb),
// or, with TEST_DB=postgres, a fresh PostgreSQL database on TEST_DATABASE_URL that is dropped afterwards.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { makePgliteTemplate } from '../db/client';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplatePath: string;
    postgresUrl: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  if (process.env.TEST_DB === 'postgres') {
    const base = process.env.TEST_DATABASE_URL;
    if (!base)
      throw new Error(
        'TEST_DB=postgres needs TEST_DATABASE_URL (e.g. postgres://postgres@127.0.0.1:5432/postgres)',
      );
    const { default: pg } = await import('pg');
    const name = `oopsboard_test_${process.pid}_${Date.now()}`;
    const admin = new pg.Client({ connectionString: base });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const url = new URL(base);
    url.pathname = `/${name}`;
    project.provide('postgresUrl', url.toString());
    project.provide('pgliteTemplatePath', '');
    return async () => {
      const client = new pg.Client({ connectionString: base });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    };
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'oopsboard-test-'));
  const file = path.join(dir, 'template.tar');
  fs.writeFileSync(file, Buffer.from(await (await makePgliteTemplate()).arrayBuffer()));
  project.provide('pgliteTemplatePath', file);
  project.provide('postgresUrl', '');
  return async () => fs.rmSync(dir, { recursive: true, force: true });
}
