// `npm run admin -- copy-to-postgres <url>`: moves an installation from the embedded database (DATA_DIR) to an empty
// PostgreSQL database. The target is migrated first, then filled in one transaction (nothing is left half-copied),
// then checked: the row count of every table, and the statistics rollups against the raw rows (check-stats).
import { openDatabase, type Database } from '../db/client';
import { checkStats } from '../lib/stats-check';
import { copyConnection } from './copy-connection';
import { AdminError, copyRows, fillTables, refuseNonEmpty } from './fill';
import { countRows, listTables, tablesWithRows } from './tables';

export async function copyToPostgres(
  source: Database,
  url: string | undefined,
  out: (line: string) => void,
): Promise<void> {
  if (!url || !/^postgres(ql)?:\/\//.test(url))
    throw new AdminError('Usage: npm run admin -- copy-to-postgres postgres://user:pass@host:5432/database');
  if (source.kind !== 'pglite')
    throw new AdminError(
      'copy-to-postgres copies the embedded database: run it without DATABASE_URL (DATA_DIR names the data).',
    );
  const target = await openDatabase({ databaseUrl: url, dataDir: '', applicationName: 'oopsboard admin' });
  try {
    const tables = await listTables(source.db);
    refuseNonEmpty('The target database', await tablesWithRows(target.db, await listTables(target.db)));
    const from = await copyConnection(source);
    const to = await copyConnection(target);
    const copied = new Map<string, number>();
    try {
      await from.query('begin isolation level repeatable read read only');
      await to.query('begin');
      await fillTables(to, tables, async (table) => {
        const data = await from.copyOut(table.name, table.columns);
        copied.set(table.name, copyRows(data));
        return data;
      });
      await to.query('commit');
    } catch (error) {
      await to.query('rollback').catch(() => {});
      throw error;
    } finally {
      await from.query('rollback').catch(() => {});
      await from.release();
      await to.release();
    }

    const counts = await countRows(target.db, tables);
    const differ = tables.filter((t) => counts.get(t.name) !== copied.get(t.name));
    if (differ.length > 0)
      throw new AdminError(
        `Row counts differ after the copy: ${differ.map((t) => `${t.name} copied ${copied.get(t.name)}, found ${counts.get(t.name)}`).join('; ')}.`,
      );
    const total = [...copied.values()].reduce((a, b) => a + b, 0);
    out(`Copied ${total} rows in ${tables.length} tables; every table's row count matches.`);
    const differences = await checkStats(target.db);
    if (differences.length > 0)
      throw new AdminError(
        `${differences.length} statistics rollup rows differ from the raw rows in the target: run check-stats there.`,
      );
    out('Statistics rollups match the raw rows. Start the app with DATABASE_URL set to the target.');
  } finally {
    await target.close();
  }
}
