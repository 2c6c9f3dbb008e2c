// A real HTTP receiver for webhook tests (node:http on loopback): records every request and answers from a script.
import http from 'node:http';
import { afterAll } from 'vitest';

export interface ReceivedRequest {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

export interface Answer {
  status: number;
  body?: string;
  headers?: Record<string, string>;
  /** Never answer (timeouts). */
  hang?: boolean;
}

export async function startReceiver() {
  const requests: ReceivedRequest[] = [];
  const script: Answer[] = [];
  let fallback: Answer = { status: 200, body: 'ok' };
  const waiting: (() => void)[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      requests.push({
        method: req.method ?? '',
        url: req.url ?? '',
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      });
      waiting.splice(0).forEach((wake) => wake());
      const answer = script.shift() ?? fallback;
      if (answer.hang) return;
      res.writeHead(answer.status, answer.headers);
      res.end(answer.body ?? '');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  afterAll(
    () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  );
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    requests,
    /** The next answers, in order; afterwards the fallback. */
    answer(...answers: Answer[]) {
      script.push(...answers);
    },
    setFallback(answer: Answer) {
      fallback = answer;
    },
    /** Resolves once `n` requests have arrived in all. */
    async received(n: number): Promise<void> {
      while (requests.length < n) await new Promise<void>((wake) => waiting.push(wake));
    },
  };
}
