// The rollups' functions in the database are the ones server/db/sql/ defines, on PGlite and PostgreSQL alike: every
// rollup function is in the file (none lives only in a migration), and running the file again changes none of them.
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { sql, TransactionRollbackError } from 'drizzle-orm';
import { databaseKind } from '../test/app';
import { queryRows } from '../lib/sql-rows';
import { openDatabase, type Database } from './client';
import { ROUTINES_FILES } from './routines';

const script = ROUTINES_FILES.map((file) => fs.readFileSync(file, 'utf8')).join('\n');
// One statement per function: each ends its body with `$$;` at the end of a line.
const statements = script
  .split(/\$\$;\n/)
  .filter((part) => /CREATE OR REPLACE FUNCTION/.test(part))
  .map((part) => `${part}$$;`);
const fileNames = [...script.matchAll(/CREATE OR REPLACE FUNCTION "(\w+)"/g)].map((m) => m[1]).sort();

let database: Database;
beforeAll(async () => {
  database =
    databaseKind() === 'postgres'
      ? await openDatabase({ databaseUrl: inject('postgresUrl'), dataDir: ':memory:' })
      : await openDatabase({
          dataDir: ':memory:',
          pgliteTemplate: new Blob([fs.readFileSync(inject('pgliteTemplatePath'))]),
        });
});
afterAll(() => database.close());

const definitions = (db: Database['db']) =>
  queryRows<{ name: string; def: string }>(
    db,
    sql`select p.proname as name, pg_get_functiondef(p.oid) as def
        from pg_proc p join pg_namespace n on n.oid = p.pronamespace
        where n.nspname = 'public' and p.proname ~ '^oops_(stats|signals)_' order by p.proname`,
  );

describe('the rollups’ routines file', () => {
  it('defines every rollup function the database has, one statement each', async () => {
    expect(fileNames.length).toBeGreaterThan(0);
    expect(statements).toHaveLength(fileNames.length);
    expect((await definitions(database.db)).map((row) => row.name)).toEqual(fileNames);
  });

  it('is what the database runs: applying it again changes no definition', async () => {
    const before = await definitions(database.db);
    let after: typeof before = [];
    await database.db
      .transaction(async (tx) => {
        for (const statement of statements) await tx.execute(sql.raw(statement));
        after = await definitions(tx);
        tx.rollback();
      })
      .catch((error: unknown) => {
        if (!(error instanceof TransactionRollbackError)) throw error;
      });
    expect(after).toEqual(before);
    // The plan setting that decision 016 relies on is part of the definition.
    expect(before.find((row) => row.name === 'oops_stats_apply')?.def).toMatch(
      /plan_cache_mode.*force_generic_plan/,
    );
  });
});
