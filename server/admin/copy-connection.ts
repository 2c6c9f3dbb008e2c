// One connection that moves table data in PostgreSQL's COPY text format, on either database: PGlite copies through
// its in-memory '/dev/blob', PostgreSQL through COPY … TO STDOUT / FROM STDIN (pg-copy-streams). The text format is
// the same on PGlite (PostgreSQL 18) and PostgreSQL 15+, and carries every type exactly as the database writes it.
import { pipeline } from 'node:stream/promises';
import { Readable, Writable } from 'node:stream';
import type { PGlite, Transaction } from '@electric-sql/pglite';
import type pg from 'pg';
import { from as copyFrom, to as copyTo } from 'pg-copy-streams';
import type { Database } from '../db/client';

export interface CopyConnection {
  kind: Database['kind'];
  query<T>(text: string): Promise<T[]>;
  /** The rows of `table` (those columns) in COPY text format: one line per row. */
  copyOut(table: string, columns: string[]): Promise<Buffer>;
  copyIn(table: string, columns: string[], data: Buffer): Promise<void>;
  release(): Promise<void>;
}

const ident = (name: string) => `"${name.replaceAll('"', '""')}"`;
const target = (table: string, columns: string[]) => `${ident(table)} (${columns.map(ident).join(', ')})`;

/** A connection of its own from an open database (PGlite has one: it is shared, so run nothing else meanwhile). */
export async function copyConnection(database: Database): Promise<CopyConnection> {
  const client = (database.db as unknown as { $client: PGlite | pg.Pool }).$client;
  if (database.kind === 'pglite') return pgliteConnection(client as PGlite);
  return postgresConnection(await (client as pg.Pool).connect());
}

/**
 * Runs `fn` on a connection that sees one moment of the database, while the app may be writing (decision 039).
 * PostgreSQL: a REPEATABLE READ READ ONLY transaction beside the app's. PGlite has one connection, which the app
 * shares: its transaction is exclusive, so nothing else runs until `fn` ends (the app's calls wait their turn).
 */
export async function withSnapshot<T>(
  database: Database,
  fn: (conn: CopyConnection) => Promise<T>,
): Promise<T> {
  const client = (database.db as unknown as { $client: PGlite | pg.Pool }).$client;
  if (database.kind === 'pglite')
    return (client as PGlite).transaction(async (tx) => {
      await tx.query('set transaction isolation level repeatable read, read only');
      return fn(pgliteConnection(tx));
    });
  const conn = postgresConnection(await (client as pg.Pool).connect());
  try {
    await conn.query('begin isolation level repeatable read read only');
    const result = await fn(conn);
    await conn.query('commit');
    return result;
  } catch (error) {
    await conn.query('rollback').catch(() => {});
    throw error;
  } finally {
    await conn.release();
  }
}

function pgliteConnection(client: PGlite | Transaction): CopyConnection {
  return {
    kind: 'pglite',
    query: async <T>(text: string) => (await client.query<T>(text)).rows,
    async copyOut(table, columns) {
      const result = await client.query(`copy ${target(table, columns)} to '/dev/blob'`);
      return Buffer.from(await (result.blob ?? new Blob([])).arrayBuffer());
    },
    async copyIn(table, columns, data) {
      await client.query(`copy ${target(table, columns)} from '/dev/blob'`, [], {
        blob: new Blob([new Uint8Array(data)]),
      });
    },
    release: async () => {},
  };
}

function postgresConnection(client: pg.PoolClient): CopyConnection {
  return {
    kind: 'postgres',
    query: async <T>(text: string) => (await client.query(text)).rows as T[],
    async copyOut(table, columns) {
      const chunks: Buffer[] = [];
      await pipeline(
        client.query(copyTo(`copy ${target(table, columns)} to stdout`)),
        new Writable({
          write(chunk: Buffer, _encoding, done) {
            chunks.push(chunk);
            done();
          },
        }),
      );
      return Buffer.concat(chunks);
    },
    async copyIn(table, columns, data) {
      await pipeline(
        Readable.from([data]),
        client.query(copyFrom(`copy ${target(table, columns)} from stdin`)),
      );
    },
    release: async () => client.release(),
  };
}
