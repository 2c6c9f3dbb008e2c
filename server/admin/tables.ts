// The app's tables as the catalog describes them, for the data tools (copy-to-postgres, backup, restore): each with
// the columns a copy carries (generated ones are recomputed) and its sequences, in an order where every table comes
// after the tables its foreign keys point to. A table's references to itself need no order: PostgreSQL checks
// foreign keys at the end of each statement, and one COPY brings a whole table.
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { queryRows } from '../lib/sql-rows';

export interface TableInfo {
  name: string;
  /** Columns in table order, generated columns left out. */
  columns: string[];
  /** Sequences owned by its columns (serial and identity), to move past the copied ids. */
  sequences: { column: string; sequence: string }[];
}

/** Every table of the schema `public`, parents before children. */
export async function listTables(db: Db): Promise<TableInfo[]> {
  const columns = await queryRows<{ table: string; column: string }>(
    db,
    sql`select c.relname as table, a.attname as column
        from pg_attribute a join pg_class c on c.oid = a.attrelid join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = 'public' and c.relkind in ('r', 'p') and a.attnum > 0 and not a.attisdropped
          and a.attgenerated = ''
        order by c.relname, a.attnum`,
  );
  const references = await queryRows<{ table: string; parent: string }>(
    db,
    sql`select c.relname as table, p.relname as parent
        from pg_constraint k
        join pg_class c on c.oid = k.conrelid join pg_namespace n on n.oid = c.relnamespace
        join pg_class p on p.oid = k.confrelid
        where k.contype = 'f' and n.nspname = 'public'`,
  );
  const sequences = await queryRows<{ table: string; column: string; sequence: string }>(
    db,
    sql`select c.relname as table, a.attname as column, s.relname as sequence
        from pg_depend d
        join pg_class s on s.oid = d.objid and s.relkind = 'S'
        join pg_class c on c.oid = d.refobjid join pg_namespace n on n.oid = c.relnamespace
        join pg_attribute a on a.attrelid = c.oid and a.attnum = d.refobjsubid
        where n.nspname = 'public' and d.deptype in ('a', 'i')`,
  );
  const byName = new Map<string, TableInfo>();
  for (const { table, column } of columns) {
    const info = byName.get(table) ?? { name: table, columns: [], sequences: [] };
    info.columns.push(column);
    byName.set(table, info);
  }
  const parents = new Map<string, Set<string>>();
  for (const { table, parent } of references) {
    if (table !== parent) parents.set(table, (parents.get(table) ?? new Set()).add(parent));
  }
  for (const { table, column, sequence } of sequences)
    byName.get(table)?.sequences.push({ column, sequence });

  // Depth-first: a table is listed once all its parents are.
  const ordered: TableInfo[] = [];
  const done = new Set<string>();
  const visit = (name: string, path: string[]) => {
    if (done.has(name)) return;
    if (path.includes(name)) throw new Error(`Foreign keys form a cycle: ${[...path, name].join(' → ')}`);
    for (const parent of [...(parents.get(name) ?? [])].sort()) visit(parent, [...path, name]);
    done.add(name);
    ordered.push(byName.get(name)!);
  };
  for (const name of [...byName.keys()].sort()) visit(name, []);
  return ordered;
}

/** Tables of `public` that hold rows: a copy or restore goes only into a database without any. */
export async function tablesWithRows(db: Db, tables: TableInfo[]): Promise<string[]> {
  const found: string[] = [];
  for (const { name } of tables) {
    const rows = await queryRows<{ any: boolean }>(
      db,
      sql`select exists (select 1 from ${sql.identifier(name)}) as any`,
    );
    if (rows[0]?.any) found.push(name);
  }
  return found;
}

/** Row counts per table. */
export async function countRows(db: Db, tables: TableInfo[]): Promise<Map<string, number>> {
  const counts = new Map<string, number>();
  for (const { name } of tables) {
    const [row] = await queryRows<{ n: number }>(
      db,
      sql`select count(*)::int as n from ${sql.identifier(name)}`,
    );
    counts.set(name, row!.n);
  }
  return counts;
}
