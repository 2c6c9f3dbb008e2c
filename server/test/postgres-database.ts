// A new, empty PostgreSQL database beside the suite's (same server, TEST_DATABASE_URL's credentials), for tests that
// need a database of their own: a restore target, an old release's schema, a race from the first migration.
import pg from 'pg';
import { inject } from 'vitest';

export interface FreshPostgres {
  url: string;
  drop: () => Promise<void>;
}

const serverUrl = () => inject('postgresUrl') || process.env.TEST_DATABASE_URL!;

async function onServer(statement: string): Promise<void> {
  const admin = new pg.Client({ connectionString: serverUrl() });
  await admin.connect();
  try {
    await admin.query(statement);
  } finally {
    await admin.end();
  }
}

export async function freshPostgresDatabase(prefix = 'oopsboard_scratch'): Promise<FreshPostgres> {
  const name = `${prefix}_${process.pid}_${Date.now()}_${Math.floor(Math.random() * 1e6)}`;
  await onServer(`create database ${name}`);
  const url = new URL(serverUrl());
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => onServer(`drop database if exists ${name} with (force)`) };
}
