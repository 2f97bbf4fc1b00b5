import net from 'node:net';

export interface TTcpProxy {
  port: number;
  /** Drops every connection and stops accepting: to its clients the server behind went down. */
  stop(): Promise<void>;
  /** Accepts connections again on the same port: the server is back. */
  start(): Promise<void>;
  close(): Promise<void>;
}

/**
 * A TCP proxy on loopback in front of a real server (PostgreSQL here), so a test can take the server
 * away from a running MastHub and bring it back, exactly as a restart looks from the client side.
 */
export async function startTcpProxy(targetHost: string, targetPort: number): Promise<TTcpProxy> {
  const sockets = new Set<net.Socket>();
  let server: net.Server | null = null;
  let port = 0;

  const listen = () =>
    new Promise<void>((resolve, reject) => {
      server = net.createServer((client) => {
        const upstream = net.connect(targetPort, targetHost);
        for (const s of [client, upstream]) {
          sockets.add(s);
          s.on('close', () => sockets.delete(s));
          s.on('error', () => s.destroy());
        }
        client.pipe(upstream);
        upstream.pipe(client);
        client.on('close', () => upstream.destroy());
        upstream.on('close', () => client.destroy());
      });
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        port = (server!.address() as net.AddressInfo).port;
        resolve();
      });
    });

  const stop = () =>
    new Promise<void>((resolve) => {
      for (const s of sockets) s.destroy();
      sockets.clear();
      if (!server) return resolve();
      server.close(() => resolve());
      server = null;
    });

  await listen();
  return {
    get port() {
      return port;
    },
    stop,
    start: listen,
    close: stop,
  };
}
