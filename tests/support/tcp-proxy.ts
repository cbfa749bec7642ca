import net from "node:net";

/**
 * A TCP proxy to a database that the test switches between answering, down and hung:
 * - `open()`: forwards (listening again on the same port after a `close()`);
 * - `close()`: the database down: connections refused, the open ones cut;
 * - `hang()`: a peer that stopped answering: the open connections cut, new ones accepted and never answered.
 */
export function tcpProxy(target: { host: string; port: number }) {
  const sockets = new Set<net.Socket>();
  let server: net.Server | undefined;
  let port = 0;
  let hung = false;
  const cutAll = () => {
    for (const s of sockets) s.destroy();
  };
  const open = () =>
    new Promise<number>((resolve) => {
      hung = false;
      if (server) return resolve(port);
      server = net.createServer((client) => {
        sockets.add(client);
        client.on("close", () => sockets.delete(client));
        client.on("error", () => {});
        // Hung: the client's bytes go nowhere and nothing comes back.
        if (hung) return;
        const upstream = net.connect(target.port, target.host);
        sockets.add(upstream);
        upstream.on("close", () => sockets.delete(upstream));
        upstream.on("error", () => {});
        client.pipe(upstream).pipe(client);
        client.on("close", () => upstream.destroy());
        upstream.on("close", () => client.destroy());
      });
      server.listen(port, "127.0.0.1", () => {
        port = (server!.address() as net.AddressInfo).port;
        resolve(port);
      });
    });
  const close = () =>
    new Promise<void>((resolve) => {
      cutAll();
      if (!server) return resolve();
      server.close(() => resolve());
      server = undefined;
    });
  const hang = () => {
    hung = true;
    cutAll();
  };
  return {
    open,
    close,
    hang,
    get port() {
      return port;
    },
  };
}
