// How node-postgres' connections survive the database going away (a failover, a restart, an operator's
// pg_terminate_backend): no client error can end the process, and a lost connection is replaced (decision 028).
import type pg from 'pg';

const ignore = () => {};

/**
 * A pool emits 'error' only for its idle clients (and drops them; the next checkout connects anew). A client held
 * out of the pool (a transaction between its statements, a request's pinned connection) emits 'error' on itself,
 * where node-postgres listens only while a query runs: unheard, the event ends the process. So every client the pool
 * makes is heard for life. A lost client is unqueryable from then on: the statement in hand fails (the request
 * answers 503), and the pool discards the client when it comes back instead of lending it again.
 */
export function survivingPool(pool: pg.Pool): pg.Pool {
  pool.on('error', ignore);
  pool.on('connect', (client) => client.on('error', ignore));
  return pool;
}

/** A dedicated client's lost connection fails its next query instead of ending the process. */
export function survivingClient(client: pg.Client): pg.Client {
  client.on('error', ignore);
  return client;
}
