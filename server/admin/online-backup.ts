// A backup of the embedded database while the app runs (decision 039). The running process holds DATA_DIR (its
// lock, server/db/dir-lock.ts) and PGlite's only connection, so the CLI cannot open the database itself: the process
// listens on a Unix socket in DATA_DIR, reachable only by the account that owns the data directory (anyone who could
// connect can read the database's files already), and writes a backup from one snapshot to whoever asks. The CLI
// streams it into the file. No network port, no token, nothing to configure.
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { Database } from '../db/client';
import { writeBackup } from './backup';
import { AdminError } from './fill';

const SOCKET_DIR = 'admin';
const SOCKET_NAME = 'backup.sock';
const ROWS = 'x-backup-rows';
const TABLES = 'x-backup-tables';

export const backupSocketPath = (dataDir: string) =>
  path.join(path.resolve(dataDir), SOCKET_DIR, SOCKET_NAME);

export interface OnlineBackups {
  /** Stops taking requests and waits for a backup being written. */
  close(): Promise<void>;
}

/**
 * Serves backups on DATA_DIR/admin/backup.sock. Answers null (the warning logged) when the socket cannot be made: a
 * path longer than Unix sockets allow (about 100 bytes), or a file system without sockets; the app runs on, and
 * backups then need it stopped.
 */
export async function serveOnlineBackups(
  database: Database,
  dataDir: string,
  log: { warn(details: object, message: string): void },
): Promise<OnlineBackups | null> {
  const socket = backupSocketPath(dataDir);
  // Owner only, whatever the umask: the directory guards the socket from the moment it exists.
  fs.mkdirSync(path.dirname(socket), { recursive: true, mode: 0o700 });
  fs.chmodSync(path.dirname(socket), 0o700);
  // A socket left by a process that ended without closing it: this process holds DATA_DIR's lock, so it is stale.
  fs.rmSync(socket, { force: true });
  const server = http.createServer((req, res) => {
    if (req.method !== 'GET' || req.url !== '/backup') {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { 'content-type': 'application/gzip', trailer: `${ROWS}, ${TABLES}` });
    writeBackup(database, res).then(
      ({ rows, tables }) => {
        // The trailers come after the last byte: the CLI takes a backup whose trailers did not arrive as failed.
        res.addTrailers({ [ROWS]: String(rows), [TABLES]: String(tables) });
        res.end();
      },
      (error: unknown) => {
        log.warn({ err: error }, 'online backup failed');
        res.destroy();
      },
    );
  });
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(socket, resolve);
    });
  } catch (error) {
    log.warn(
      { err: error, socket },
      'online backups are off: the socket cannot be made (stop the app to back up)',
    );
    return null;
  }
  return {
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeIdleConnections();
      }),
  };
}

/** The CLI's side: asks the app running on `dataDir` for a backup and writes it to `file`. */
export async function backupFromRunningApp(
  dataDir: string,
  file: string,
  out: (line: string) => void,
): Promise<void> {
  const socket = backupSocketPath(dataDir);
  const response = await new Promise<http.IncomingMessage>((resolve, reject) => {
    http
      .get({ socketPath: socket, path: '/backup' }, resolve)
      .on('error', (error) =>
        reject(
          new AdminError(
            `The app running on DATA_DIR ${path.resolve(dataDir)} did not answer on ${socket} (${error.message}). Stop it to back up, or check that it runs this release.`,
          ),
        ),
      );
  });
  if (response.statusCode !== 200) throw new AdminError(`The running app answered ${response.statusCode}.`);
  try {
    await pipeline(response, fs.createWriteStream(file, { mode: 0o600 }));
    const rows = response.trailers[ROWS];
    const tables = response.trailers[TABLES];
    if (rows === undefined || tables === undefined) throw new AdminError('The backup ended early.');
    out(`Backed up ${rows} rows in ${tables} tables to ${file} (from the running app).`);
  } catch (error) {
    fs.rmSync(file, { force: true });
    if (error instanceof AdminError) throw error;
    throw new AdminError(`The backup ended early (${(error as Error).message}): no file was written.`);
  }
}
