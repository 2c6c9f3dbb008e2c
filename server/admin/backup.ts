// `npm run admin -- backup <file>` and `restore <file>` (decision 034). A backup holds every row of every table of
// the app, read from one snapshot, so it is consistent while the app runs; with the embedded database the running
// app makes it (online-backup.ts, decision 039). Restore fills an empty database of the same schema
// in one transaction and checks the row counts.
import fs from 'node:fs';
import readline from 'node:readline';
import { createGunzip, createGzip } from 'node:zlib';
import { once } from 'node:events';
import type { Writable } from 'node:stream';
import { finished, pipeline } from 'node:stream/promises';
import type { Database } from '../db/client';
import { copyConnection, withSnapshot } from './copy-connection';
import {
  BACKUP_FORMAT,
  BACKUP_VERSION,
  END_OF_TABLE,
  migrationCount,
  type BackupHeader,
  type TableHeader,
} from './backup-format';
import { AdminError, copyRows, fillTables, refuseNonEmpty } from './fill';
import { countRows, listTables, tablesWithRows, type TableInfo } from './tables';

export interface BackupWritten {
  rows: number;
  tables: number;
}

/**
 * Writes a backup of `database` (gzip) to `output`, from one snapshot (copy-connection.ts: withSnapshot); leaves
 * `output` open for the caller to end. Resolves once every byte has been handed to `output`.
 */
export async function writeBackup(database: Database, output: Writable): Promise<BackupWritten> {
  const tables = await listTables(database.db);
  const gzip = createGzip();
  const sent = pipeline(gzip, output, { end: false });
  // Heard now, awaited below: a reader that goes away must not be an unhandled rejection (which ends the app).
  sent.catch(() => {});
  // PGlite's snapshot holds the app's only connection: its rows go into the gzip stream's buffer without waiting for
  // the reader, so a slow reader cannot hold up the app. PostgreSQL's snapshot holds nothing the app waits for.
  const waitForReader = database.kind === 'postgres';
  const write = async (text: string | Buffer) => {
    if (gzip.destroyed) throw new Error('the backup could not be written on');
    if (!gzip.write(text) && waitForReader) await Promise.race([once(gzip, 'drain'), sent]);
  };
  let rows = 0;
  try {
    await withSnapshot(database, async (conn) => {
      const header: BackupHeader = {
        format: BACKUP_FORMAT,
        version: BACKUP_VERSION,
        created_at: new Date().toISOString(),
        database: database.kind,
        migrations: (
          await conn.query<{ n: number }>('select count(*)::int as n from drizzle.__drizzle_migrations')
        )[0]!.n,
        tables: tables.length,
      };
      await write(`${JSON.stringify(header)}\n`);
      for (const table of tables) {
        const data = await conn.copyOut(table.name, table.columns);
        const count = copyRows(data);
        rows += count;
        const tableHeader: TableHeader = { table: table.name, columns: table.columns, rows: count };
        await write(`${JSON.stringify(tableHeader)}\n`);
        await write(data);
        await write(`${END_OF_TABLE}\n`);
      }
    });
  } catch (error) {
    gzip.destroy(error as Error);
    await sent.catch(() => {});
    throw error;
  }
  gzip.end();
  await sent;
  return { rows, tables: tables.length };
}

export async function backup(database: Database, file: string | undefined, out: (line: string) => void) {
  if (!file) throw new AdminError('Usage: npm run admin -- backup <file>');
  const written = fs.createWriteStream(file, { mode: 0o600 });
  try {
    const { rows, tables } = await writeBackup(database, written);
    written.end();
    await finished(written);
    out(`Backed up ${rows} rows in ${tables} tables to ${file}.`);
  } catch (error) {
    written.destroy();
    fs.rmSync(file, { force: true });
    throw error;
  }
}

/** Reads a backup file: its header and each table's rows. */
async function readBackup(
  file: string,
): Promise<{ header: BackupHeader; tables: Map<string, { columns: string[]; rows: Buffer }> }> {
  const lines = readline.createInterface({
    input: fs.createReadStream(file).pipe(createGunzip()),
    crlfDelay: Infinity,
  });
  let header: BackupHeader | undefined;
  const tables = new Map<string, { columns: string[]; rows: Buffer }>();
  let current: { table: TableHeader; rows: string[] } | undefined;
  try {
    for await (const line of lines) {
      if (!header) {
        header = JSON.parse(line) as BackupHeader;
        if (header.format !== BACKUP_FORMAT || header.version !== BACKUP_VERSION)
          throw new AdminError(`${file} is not an OopsBoard backup (version ${BACKUP_VERSION}).`);
      } else if (!current) {
        current = { table: JSON.parse(line) as TableHeader, rows: [] };
      } else if (line === END_OF_TABLE) {
        if (current.rows.length !== current.table.rows)
          throw new AdminError(`${file} is cut short in table ${current.table.table}.`);
        tables.set(current.table.table, {
          columns: current.table.columns,
          rows: Buffer.from(current.rows.map((r) => `${r}\n`).join('')),
        });
        current = undefined;
      } else current.rows.push(line);
    }
  } catch (error) {
    if (error instanceof AdminError) throw error;
    throw new AdminError(`${file} cannot be read as an OopsBoard backup: ${(error as Error).message}`);
  }
  if (!header || current || tables.size !== header.tables)
    throw new AdminError(`${file} is incomplete: nothing was restored.`);
  return { header, tables };
}

export async function restore(database: Database, file: string | undefined, out: (line: string) => void) {
  if (!file) throw new AdminError('Usage: npm run admin -- restore <file>');
  if (!fs.existsSync(file)) throw new AdminError(`No file ${file}.`);
  const { header, tables: data } = await readBackup(file);
  const migrations = await migrationCount(database.db);
  if (header.migrations !== migrations)
    throw new AdminError(
      `The backup was made with ${header.migrations} migrations, this database has ${migrations}: restore it with the release that made it, then upgrade.`,
    );
  const tables = await listTables(database.db);
  const differing = [...data].filter(([name, { columns }]) => {
    const table = tables.find((t) => t.name === name);
    return !table || table.columns.join() !== columns.join();
  });
  if (differing.length > 0)
    throw new AdminError(
      `The backup's tables differ from this database's: ${differing.map(([n]) => n).join(', ')}.`,
    );
  refuseNonEmpty('This database', await tablesWithRows(database.db, tables));
  const conn = await copyConnection(database);
  try {
    await conn.query('begin');
    await fillTables(conn, tables, async (table: TableInfo) => data.get(table.name)?.rows);
    await conn.query('commit');
  } catch (error) {
    await conn.query('rollback').catch(() => {});
    throw error;
  } finally {
    await conn.release();
  }
  const counts = await countRows(database.db, tables);
  const differ = [...data].filter(([name, { rows }]) => counts.get(name) !== copyRows(rows));
  if (differ.length > 0)
    throw new AdminError(`Row counts differ after the restore: ${differ.map(([n]) => n).join(', ')}.`);
  const total = [...data.values()].reduce((sum, { rows }) => sum + copyRows(rows), 0);
  out(`Restored ${total} rows in ${data.size} tables from ${file} (made ${header.created_at}).`);
}
