// Starts new requests a few at a time, so that work already started finishes first.
//
// Node reads every socket that became ready in one pass of its event loop (the poll phase) and runs what each
// wakes. Under load, many new requests arrive in each pass; started at once, they make the pass long, and the
// database's answers to requests already in flight wait for the next pass. A write needs several such answers in a
// row (its author's session, its setup read, its write), so it waited several long passes, behind requests that had
// arrived after it, while a read from the team cache waited one. By Little's law the mean wait is set by the
// concurrency and the rate, not by the order; starting requests in turns moves the wait to the start of each request,
// where every request pays it once, and lets a request already started read its answers at once.
// See docs/decisions/027-writes-under-load.md.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { FastifyServerFactory } from 'fastify';

type Handler = (request: IncomingMessage, response: ServerResponse) => void;

/**
 * Wraps an HTTP handler: requests are started in arrival order, at most `perTurn` per turn of the event loop
 * (setImmediate runs after the poll phase, so the loop reads every ready socket between two turns).
 */
export function inTurns(handler: Handler, perTurn: number): Handler {
  const waiting: [IncomingMessage, ServerResponse][] = [];
  let next = 0;
  let scheduled = false;
  const turn = () => {
    scheduled = false;
    const end = Math.min(waiting.length, next + perTurn);
    while (next < end) {
      const [request, response] = waiting[next]!;
      waiting[next++] = undefined!;
      handler(request, response);
    }
    if (next < waiting.length) schedule();
    else {
      waiting.length = 0;
      next = 0;
    }
  };
  const schedule = () => {
    scheduled = true;
    setImmediate(turn);
  };
  return (request, response) => {
    waiting.push([request, response]);
    if (!scheduled) schedule();
  };
}

/**
 * Fastify's `serverFactory`: the HTTP/1 server Fastify would create, with its timeouts, whose requests start in
 * turns of `perTurn` (0: each as soon as it arrives, Node's own way).
 */
export function turnTakingServer(perTurn: number): FastifyServerFactory {
  return (handler, options) => {
    const server = createServer(perTurn > 0 ? inTurns(handler, perTurn) : handler);
    // What Fastify sets on a server it creates itself (fastify/lib/server.js); its options carry the defaults.
    const { keepAliveTimeout, requestTimeout, connectionTimeout } = options as {
      keepAliveTimeout: number;
      requestTimeout: number;
      connectionTimeout: number;
    };
    server.keepAliveTimeout = keepAliveTimeout;
    server.requestTimeout = requestTimeout;
    server.setTimeout(connectionTimeout);
    return server;
  };
}
