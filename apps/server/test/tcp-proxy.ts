import net from 'node:net';

export interface TTcpProxy {
  port: number;
  /** Drops every connection and stops accepting: to its clients the server behind went down. */
  stop(): Promise<void>;
  /** Accepts connections again on the same port: the server is back. */
  start(): Promise<void>;
  /**
   * Stops forwarding anything, on open connections and on new ones (accepted, never answered): to its
   * clients the server behind is frozen (a stopped process, a paused machine), not down.
   */
  freeze(): void;
  /**
   * New connections are accepted and never answered while open ones keep working: a server that takes no
   * new session (its connection attempts time out, as under load).
   */
  holdNew(): void;
  /** Forwards again, open and held connections alike (the held ones reach the server now). */
  thaw(): void;
  close(): Promise<void>;
}

/**
 * A TCP proxy on loopback in front of a real server (PostgreSQL here), so a test can take the server
 * away from a running MastHub and bring it back, exactly as a restart looks from the client side, or
 * freeze it.
 */
export async function startTcpProxy(targetHost: string, targetPort: number): Promise<TTcpProxy> {
  const sockets = new Set<net.Socket>();
  /** Connections whose bytes are not forwarded now: how to forward them once thawed. */
  const held = new Set<() => void>();
  let server: net.Server | null = null;
  let port = 0;
  let mode: 'forward' | 'freeze' | 'holdNew' = 'forward';

  const track = (s: net.Socket) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
    s.on('error', () => s.destroy());
  };

  /** Bytes of a frozen connection's pair: dropping them, and forwarding them again once thawed. */
  const onFreeze = new Set<() => void>();

  /** Forwards a client's bytes to a new connection to the server, until frozen. */
  const connect = (client: net.Socket) => {
    // A held connection its client gave up on while it waited.
    if (client.destroyed) return;
    const upstream = net.connect(targetPort, targetHost);
    track(upstream);
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
    const forward = () => {
      client.pipe(upstream);
      upstream.pipe(client);
      onFreeze.add(pause);
    };
    // Unpiped both ways: the bytes wait in the paused sockets' buffers.
    const pause = () => {
      client.unpipe(upstream);
      upstream.unpipe(client);
      client.pause();
      upstream.pause();
      held.add(forward);
    };
    client.on('close', () => onFreeze.delete(pause));
    forward();
  };

  const listen = () =>
    new Promise<void>((resolve, reject) => {
      server = net.createServer((client) => {
        track(client);
        client.pause();
        if (mode === 'forward') connect(client);
        else held.add(() => connect(client));
      });
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        port = (server!.address() as net.AddressInfo).port;
        resolve();
      });
    });

  const stop = () =>
    new Promise<void>((resolve) => {
      held.clear();
      onFreeze.clear();
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
    freeze: () => {
      mode = 'freeze';
      const pausing = [...onFreeze];
      onFreeze.clear();
      for (const pause of pausing) pause();
    },
    holdNew: () => {
      mode = 'holdNew';
    },
    thaw: () => {
      mode = 'forward';
      const waiting = [...held];
      held.clear();
      for (const forward of waiting) forward();
    },
    close: stop,
  };
}
