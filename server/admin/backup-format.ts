// The backup file (decision 034): gzip of UTF-8 text. Its first line is a JSON header; then, for each table in
// dependency order, a JSON line naming the table, its columns and row count, the rows in PostgreSQL's COPY text
// format (one line per row), and a line `\.`, as in a plain pg_dump. Readable by both databases and by people.
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { queryRows } from '../lib/sql-rows';

export const BACKUP_FORMAT = 'oopsboard-backup';
export const BACKUP_VERSION = 1;
export const END_OF_TABLE = '\\.';

export interface BackupHeader {
  format: typeof BACKUP_FORMAT;
  version: number;
  created_at: string;
  database: 'pglite' | 'postgres';
  /** How many migrations the schema had: a backup restores into the same schema only. */
  migrations: number;
  tables: number;
}

export interface TableHeader {
  table: string;
  columns: string[];
  rows: number;
}

export async function migrationCount(db: Db): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
  );
  return row!.n;
}
