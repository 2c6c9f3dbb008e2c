// Reads config, opens the database, builds the app, listens; shuts down gracefully on SIGTERM/SIGINT.
import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { openDatabase } from './db/client';
import { DataDirLockedError } from './db/dir-lock';
import { serveOnlineBackups, type OnlineBackups } from './admin/online-backup';
import { isUnawaitedJobEngineFailure } from './lib/jobs';
import { METRICS_HOST, MetricsListenerError } from './plugins/metrics-listener';

/** Where the warning below goes: the app's log once there is an app. */
let warn = (error: unknown, message: string) => console.warn(message, error);

// A statement pg-boss issued without awaiting it failed (server/lib/jobs.ts): its job runs again, the process goes
// on. Any other unhandled rejection still ends the process, as Node does by default.
process.on('unhandledRejection', (reason) => {
  if (isUnawaitedJobEngineFailure(reason)) {
    warn(reason, "job engine: a job's end was not recorded; it runs again when it expires");
    return;
  }
  console.error('OopsBoard stopped on an unhandled rejection:', reason);
  process.exit(1);
});

// A stop asked for (SIGTERM, SIGINT) while the process is still starting waits until there is an app to stop: then it
// runs at once, without the drain (no balancer has sent traffic yet), and the process exits 0 as on any stop.
let stopping = false;
let runStop: ((signal: string) => void) | null = null;
let stopAsked: string | null = null;
const askStop = (signal: string) => {
  if (runStop) runStop(signal);
  else stopAsked ??= signal;
};
process.on('SIGTERM', () => askStop('SIGTERM'));
process.on('SIGINT', () => askStop('SIGINT'));

async function main(): Promise<void> {
  const startedAt = Date.now();
  const config = loadConfig();
  console.log('OopsBoard is starting…');
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    pool: config.pgPool,
  });
  // DIST_DIR is a test knob (several E2E runs side by side, each with its own build); operators leave it unset.
  const app = await buildApp({ config, database, distDir: process.env.DIST_DIR || undefined });
  warn = (error, message) => app.log.warn({ err: error }, message);
  // The embedded database's backups while the app runs (decision 039): `npm run admin -- backup` asks this process.
  let onlineBackups: OnlineBackups | null = null;

  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.readiness.stopping = true;
    if (config.shutdownDrainMs > 0 && app.server.listening) {
      // Still serving while /readyz answers 503, so a balancer takes this process out before it stops accepting.
      app.log.info(`${signal} received: not ready; serving for ${config.shutdownDrainMs} ms more`);
      await new Promise((resolve) => setTimeout(resolve, config.shutdownDrainMs));
    }
    app.log.info(`${signal} received: draining requests and closing the database`);
    // app.close() stops accepting, waits for in-flight requests, then runs onClose (CHECKPOINT + close).
    const timer = setTimeout(() => {
      app.log.error('shutdown took longer than 10 s; exiting');
      process.exit(1);
    }, 10_000);
    timer.unref();
    try {
      // A backup being written finishes before the database closes.
      await onlineBackups?.close();
      await app.close();
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'error during shutdown');
      process.exit(1);
    }
  };
  runStop = (signal) => void stop(signal);
  if (stopAsked) return stop(stopAsked);

  // The metrics listener first: when its port is taken, start-up stops before the app takes any traffic.
  let metricsPort: number | null = null;
  if (config.metricsPort !== null) {
    try {
      metricsPort = await app.metrics.listen(config.metricsPort);
    } catch (error) {
      await app.close();
      throw error;
    }
  }
  if (stopping) return;
  await app.listen({ port: config.port, host: config.host });
  if (database.kind === 'pglite' && config.dataDir !== ':memory:' && !stopping)
    onlineBackups = await serveOnlineBackups(database, config.dataDir, app.log);
  const where = config.databaseUrl ? 'PostgreSQL' : `PGlite in ${config.dataDir}`;
  const shownHost = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  console.log(
    `OopsBoard is running at http://${shownHost}:${port} (${where}; ready in ${Date.now() - startedAt} ms)`,
  );
  if (metricsPort !== null)
    console.log(`Metrics for Prometheus at http://${METRICS_HOST}:${metricsPort}/metrics (this host only)`);
}

main().catch((error: unknown) => {
  // A stop under way ends the process itself; what it interrupted (a listen) is not a failure to start.
  if (stopping) return;
  if (
    error instanceof ConfigError ||
    error instanceof DataDirLockedError ||
    error instanceof MetricsListenerError
  ) {
    console.error(error.message);
  } else {
    console.error('OopsBoard failed to start:', error);
  }
  process.exit(1);
});
