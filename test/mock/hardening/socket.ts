// A client on a bare TCP socket, for what node:http will not do: stop sending half-way, half-close.
import net from "node:net";

export interface SocketExchange {
  /** Everything received until the server closed or `untilMs` passed. */
  received: Promise<string>;
  socket: net.Socket;
}

/** Connects, writes `head` (and `body` when given), and collects the answer. */
export function openExchange(base: string, head: string, body?: Buffer, untilMs = 10_000): SocketExchange {
  const url = new URL(base);
  const socket = net.connect(Number(url.port), url.hostname);
  socket.on("error", () => {});
  const received = new Promise<string>((resolve) => {
    let text = "";
    const timer = setTimeout(() => {
      socket.destroy();
      resolve(text);
    }, untilMs);
    socket.on("data", (d) => (text += d.toString("latin1")));
    socket.on("close", () => {
      clearTimeout(timer);
      resolve(text);
    });
  });
  socket.write(head);
  if (body) socket.write(body);
  return { received, socket };
}

export const statusOf = (answer: string) => Number(/^HTTP\/1\.1 (\d{3})/.exec(answer)?.[1] ?? 0);
export const bodyOf = (answer: string) => answer.slice(answer.indexOf("\r\n\r\n") + 4);

export function head(method: string, path: string, headers: Record<string, string | number>): string {
  return `${method} ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\n${Object.entries(headers)
    .map(([k, v]) => `${k}: ${v}\r\n`)
    .join("")}\r\n`;
}
