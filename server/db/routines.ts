// The database functions whose current text lives in one readable file rather than spread over migrations: the
// statistics rollups' (decision 016). The migration step runs them after the numbered migrations, on every start;
// each is `CREATE OR REPLACE`, so running them again changes nothing.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROUTINES_FILES = ['stats-rollups.sql'].map((name) =>
  path.join(path.dirname(fileURLToPath(import.meta.url)), 'sql', name),
);

/** Runs each routines file as one multi-statement script (`run` must accept several statements without parameters). */
export async function applyRoutines(run: (script: string) => Promise<unknown>): Promise<void> {
  for (const file of ROUTINES_FILES) await run(fs.readFileSync(file, 'utf8'));
}
