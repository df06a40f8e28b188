// Whether a server answers a TCP connection on an address: servers of the project listen on 127.0.0.1 only, so
// a connection to the IPv6 loopback (or any other address) must not be taken.
import net from "node:net";

/** "connected", or the error code the connection met (ECONNREFUSED, EADDRNOTAVAIL, ...). */
export function connectOutcome(port: number, host: string): Promise<string> {
  return new Promise<string>((resolve) => {
    const socket = net.connect(port, host);
    socket.on("connect", () => {
      socket.destroy();
      resolve("connected");
    });
    socket.on("error", (e: NodeJS.ErrnoException) => resolve(e.code ?? "error"));
  });
}
