// A TCP proxy in front of the test PostgreSQL server that a test can cut and restore: the database becomes
// unreachable for the app behind it (connections reset, new ones refused) without touching the server, which other
// test files share. Real sockets on 127.0.0.1.
import net from 'node:net';

export class TcpProxy {
  private server: net.Server | undefined;
  private readonly sockets = new Set<net.Socket>();
  private forwarding = true;
  port = 0;
  /** Connections reset at once while refusing. */
  refused = 0;

  constructor(
    private readonly targetHost: string,
    private readonly targetPort: number,
  ) {}

  /** Listens (on the same port as before, after a cut) and forwards each connection to the target. */
  async open(): Promise<void> {
    const server = net.createServer((client) => {
      if (!this.forwarding) {
        this.refused += 1;
        client.resetAndDestroy();
        return;
      }
      const upstream = net.connect(this.targetPort, this.targetHost);
      for (const socket of [client, upstream]) {
        this.sockets.add(socket);
        socket.on('close', () => this.sockets.delete(socket));
        socket.on('error', () => {
          client.destroy();
          upstream.destroy();
        });
      }
      client.pipe(upstream);
      upstream.pipe(client);
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.port, '127.0.0.1', () => resolve());
    });
    this.server = server;
    this.port = (server.address() as net.AddressInfo).port;
  }

  /** Accepts connections but resets each at once (a database that is not there yet), until `forward()`. */
  refuse(): void {
    this.forwarding = false;
  }

  forward(): void {
    this.forwarding = true;
  }

  /** Stops listening and resets every open connection: as a database that went away. */
  async cut(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    for (const socket of this.sockets) socket.resetAndDestroy();
    this.sockets.clear();
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  /** A postgres:// URL like `url` that goes through this proxy. */
  urlFor(url: string): string {
    const through = new URL(url);
    through.hostname = '127.0.0.1';
    through.port = String(this.port);
    return through.toString();
  }
}

/** A free port on 127.0.0.1 that nothing listens on (taken, then released). */
export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}
