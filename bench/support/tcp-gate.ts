import { createConnection, createServer, type Server, type Socket } from "node:net";

export interface TcpGate {
  /** The address to give the app instead of the upstream's (same scheme, the gate's port). */
  url: string;
  /** Stops listening and drops every connection: new ones are refused, as by a service that is down. */
  close(): Promise<void>;
  /** Listens again on the same port: the service is back. */
  open(): Promise<void>;
  stop(): Promise<void>;
}

/** A loopback TCP gate in front of `upstream` (http://host:port) that can be closed and opened again. */
export async function startTcpGate(upstream: string): Promise<TcpGate> {
  const target = new URL(upstream);
  const sockets = new Set<Socket>();
  let server: Server | null = null;
  let port = 0;
  const listen = async () => {
    if (server !== null) return;
    const listening = createServer((socket) => {
      const onward = createConnection({ host: target.hostname, port: Number(target.port) });
      for (const end of [socket, onward]) {
        sockets.add(end);
        end.on("close", () => sockets.delete(end));
        end.on("error", () => {
          socket.destroy();
          onward.destroy();
        });
      }
      socket.pipe(onward).pipe(socket);
    });
    await new Promise<void>((resolve, reject) => {
      listening.once("error", reject);
      listening.listen(port, "127.0.0.1", () => resolve());
    });
    const address = listening.address();
    if (address === null || typeof address === "string") throw new Error("the gate has no port");
    port = address.port;
    server = listening;
  };
  const close = async () => {
    const closing = server;
    server = null;
    if (closing === null) return;
    const closed = new Promise<void>((resolve) => closing.close(() => resolve()));
    for (const socket of sockets) socket.destroy();
    await closed;
  };
  await listen();
  return { url: `${target.protocol}//127.0.0.1:${port}`, close, open: listen, stop: close };
}
