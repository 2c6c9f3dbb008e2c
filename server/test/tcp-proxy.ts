// A TCP proxy in front of the shared PostgreSQL (node:net), so that a test can make the database unreachable for an
// app process (refused connections, open ones reset) without touching the server that other tests share.
import net from 'node:net';

export interface TcpProxy {
  port: number;
  /** Stops listening (new connections are refused) and resets every open connection. */
  refuse(): Promise<void>;
  /** Listens again on the same port. */
  resume(): Promise<void>;
  close(): Promise<void>;
}

export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  const open = new Set<net.Socket>();
  const track = (socket: net.Socket) => {
    open.add(socket);
    socket.on('close', () => open.delete(socket));
  };
  const server = net.createServer((client) => {
    const upstream = net.connect(target.port, target.host);
    track(client);
    track(upstream);
    client.pipe(upstream);
    upstream.pipe(client);
    // Either side's close or error ends the other: the app sees what a dropped database connection looks like.
    for (const [a, b] of [
      [client, upstream],
      [upstream, client],
    ] as const) {
      a.on('error', () => b.destroy());
      a.on('close', () => b.destroy());
    }
  });
  const listen = (port: number) =>
    new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        server.off('error', reject);
        resolve();
      });
    });
  await listen(0);
  const port = (server.address() as net.AddressInfo).port;
  const refuse = async () => {
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    for (const socket of open) socket.resetAndDestroy();
    await closed;
  };
  return {
    port,
    refuse,
    resume: () => listen(port),
    close: async () => {
      if (server.listening) await refuse();
    },
  };
}
