// The load benchmark's optional last step: `count` live (SSE) connections held open on one team while incidents are
// logged; prints how long the last client waited for each event, and the server's memory with them all open.
import http from 'node:http';
import { rssMb } from './proc-status';

function openSse(base: string, token: string, onEvent: () => void): Promise<http.ClientRequest> {
  return new Promise((resolve, reject) => {
    const req = http.get(
      `${base}/api/live`,
      { headers: { authorization: `Bearer ${token}` }, agent: false },
      (res) => {
        if (res.statusCode !== 200) return reject(new Error(`SSE ${res.statusCode}`));
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          if (chunk.includes('event: oops')) onEvent();
        });
        resolve(req);
      },
    );
    req.on('error', reject);
  });
}

export async function measureLiveFanOut(
  base: string,
  token: string,
  count: number,
  serverPid: number,
): Promise<void> {
  const started = performance.now();
  const sockets: http.ClientRequest[] = [];
  let received = 0;
  let lastAt = 0;
  try {
    for (let i = 0; i < count; i++) {
      sockets.push(
        await openSse(base, token, () => {
          received++;
          lastAt = performance.now();
        }),
      );
    }
    console.log(
      `\n${count} live connections open in ${((performance.now() - started) / 1000).toFixed(1)} s; server RSS ${rssMb(serverPid)} MB`,
    );
    const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    const body = JSON.stringify({
      title: 'Live fan-out incident',
      severity: 'Low',
      description: 'Logged by the load benchmark.',
    });
    const delays: number[] = [];
    for (let round = 0; round < 5; round++) {
      received = 0;
      const sent = performance.now();
      await fetch(`${base}/api/oops`, { method: 'POST', headers, body });
      const deadline = sent + 10_000;
      while (received < count && performance.now() < deadline) await new Promise((r) => setTimeout(r, 5));
      delays.push(received === count ? lastAt - sent : Number.POSITIVE_INFINITY);
      console.log(
        `  incident ${round + 1}: ${received}/${count} clients notified; last after ${(lastAt - sent).toFixed(0)} ms`,
      );
    }
    console.log(`  worst time to the last SSE client: ${Math.max(...delays).toFixed(0)} ms`);
  } finally {
    for (const s of sockets) s.destroy();
  }
}
