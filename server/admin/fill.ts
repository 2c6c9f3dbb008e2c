// Fills an empty, migrated database with table data in COPY text format, in one transaction (copy-to-postgres and
// restore). Each table's own triggers are off while it fills: the rows, the statistics rollups and every derived
// column arrive as they were, rather than counted a second time. Foreign keys stay on.
import type { CopyConnection } from './copy-connection';
import type { TableInfo } from './tables';

const ident = (name: string) => `"${name.replaceAll('"', '""')}"`;

export class AdminError extends Error {}

/** Refuses a target that holds any row: the data tools never merge into, or overwrite, an installation. */
export function refuseNonEmpty(what: string, tablesWithRows: string[]): void {
  if (tablesWithRows.length === 0) return;
  const shown = tablesWithRows.slice(0, 5).join(', ') + (tablesWithRows.length > 5 ? ', …' : '');
  throw new AdminError(
    `${what} is not empty (rows in ${shown}). Use a new, empty database: nothing was changed.`,
  );
}

/**
 * Copies `data(table)` into each table, parents first, then moves every sequence past the ids copied. Runs in the
 * caller's transaction on `to`.
 */
export async function fillTables(
  to: CopyConnection,
  tables: TableInfo[],
  data: (table: TableInfo) => Promise<Buffer | undefined>,
): Promise<void> {
  for (const table of tables) {
    const rows = await data(table);
    if (!rows || rows.length === 0) continue;
    await to.query(`alter table ${ident(table.name)} disable trigger user`);
    await to.copyIn(table.name, table.columns, rows);
    await to.query(`alter table ${ident(table.name)} enable trigger user`);
  }
  for (const table of tables)
    for (const { column, sequence } of table.sequences) {
      await to.query(
        `select setval('${ident(sequence).replaceAll("'", "''")}', coalesce((select max(${ident(column)}) from ${ident(table.name)}), 0) + 1, false)`,
      );
    }
}

/** How many rows a COPY text block holds (one line per row). */
export function copyRows(data: Buffer): number {
  let rows = 0;
  for (const byte of data) if (byte === 0x0a) rows++;
  return rows;
}
