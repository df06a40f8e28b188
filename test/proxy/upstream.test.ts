// The signing proxy against upstreams that speak raw bytes (a TLS listener, a malformed answer, a reset), and its
// own failures: a request it cannot sign, a clock that cannot be written, a CONNECT caller that never closes its
// side, and stopping with a kept-alive upstream connection. Each case is one the proxy must survive without a
// crash, a hang or a half-written answer.
import http from "node:http";
import net from "node:net";
import { afterEach, describe, expect, test } from "vitest";
import { type RunningProxy, startProxy } from "../../src/proxy/server.ts";
import { decodeSecretKey } from "../../src/signing/secret.ts";
import { keys, untilClosed } from "./support.ts";

const closers: Array<() => Promise<unknown>> = [];
afterEach(async () => {
  await Promise.all(closers.splice(0).map((close) => close()));
});

/** A TCP upstream on 127.0.0.1 that hands each connection to `onConnection`. */
async function tcpUpstream(onConnection: (socket: net.Socket) => void): Promise<number> {
  const server = net.createServer((socket) => {
    socket.on("error", () => {});
    onConnection(socket);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
  closers.push(() => new Promise((resolve) => server.close(resolve)));
  return (server.address() as net.AddressInfo).port;
}

async function proxyFor(upstream: string, over: { accessKey?: string; now?: () => Date } = {}) {
  const refused: string[] = [];
  const p = await startProxy({
    upstream,
    credentials: { accessKey: over.accessKey ?? keys.accessKey, secretKey: decodeSecretKey(keys.secretKey) },
    onRefused: (line) => refused.push(line),
    now: over.now,
  });
  closers.push(() => p.close());
  return { p, refused };
}

/** Raw bytes to the proxy; everything it answered once the connection closed. */
const raw = (p: RunningProxy, request: string) => untilClosed(p.port, (socket) => socket.write(request));

const get = (p: RunningProxy, path = "/v1/x") => `GET ${path} HTTP/1.1\r\nHost: 127.0.0.1:${p.port}\r\n\r\n`;

describe("the upstream's side", () => {
  test("an https upstream is spoken to in TLS", async () => {
    let first: Buffer | undefined;
    const port = await tcpUpstream((socket) =>
      socket.once("data", (d: Buffer) => {
        first = d;
        socket.destroy();
      }),
    );
    const { p, refused } = await proxyFor(`https://127.0.0.1:${port}`);
    const answer = await raw(p, get(p));
    // A TLS record of type handshake (22), version 3.x: a ClientHello, not an HTTP request line.
    expect([first?.[0], first?.[1]]).toEqual([0x16, 0x03]);
    expect(first!.toString("latin1")).not.toContain("GET /v1/x");
    expect(answer).toBe("");
    expect(refused).toEqual([]);
  });

  test("an answer that breaks off after its head (a malformed chunk) is cut short, never answered twice", async () => {
    const port = await tcpUpstream((socket) =>
      socket.once("data", () => {
        socket.write("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n3\r\nabc\r\n");
        setTimeout(() => socket.write("ZZ\r\n"), 50);
      }),
    );
    const { p, refused } = await proxyFor(`http://127.0.0.1:${port}`);
    const answer = await raw(p, get(p));
    expect(answer).toMatch(/^HTTP\/1\.1 200 OK\r\n.*\r\n\r\n3\r\nabc\r\n$/s);
    expect(refused).toEqual([]);
    // Still serving.
    expect((await raw(p, "CONNECT a:1 HTTP/1.1\r\nHost: a:1\r\n\r\n")).startsWith("HTTP/1.1 405 ")).toBe(true);
  });

  test("an upstream that resets the connection (ECONNRESET): the caller gets no answer either", async () => {
    const port = await tcpUpstream((socket) => socket.once("data", () => socket.resetAndDestroy()));
    const { p, refused } = await proxyFor(`http://127.0.0.1:${port}`);
    expect(await raw(p, get(p))).toBe("");
    expect(refused).toEqual([]);
  });
});

describe("the proxy's own failures", () => {
  test("a request it cannot sign is 400 naming why, never forwarded", async () => {
    let forwarded = 0;
    const port = await tcpUpstream((socket) => {
      forwarded++;
      socket.destroy();
    });
    const { p, refused } = await proxyFor(`http://127.0.0.1:${port}`, { accessKey: "has space" });
    const res = await fetch(`${p.url}/v1/x`, { method: "POST", body: "{}" });
    expect(res.status).toBe(400);
    const detail = "This request cannot be signed: Access key is empty or has white space or ':'";
    expect(await res.json()).toMatchObject({ status: 400, instance: "/v1/x", detail });
    expect(refused).toEqual([`400 POST /v1/x: ${detail}`]);
    expect(forwarded).toBe(0);
  });

  test("a failure while answering ends the caller's connection rather than leaving it waiting", async () => {
    // A clock that cannot be written: the refusal's timestamp cannot be either.
    const { p } = await proxyFor("http://127.0.0.1:1", { now: () => new Date(Number.NaN) });
    expect(await raw(p, "GET /v1/x HTTP/1.1\r\nHost: elsewhere.example\r\n\r\n")).toBe("");
  });

  test("CONNECT's refusal closes the connection even when the caller keeps its side open", async () => {
    const { p, refused } = await proxyFor("http://127.0.0.1:1");
    // The caller reads the answer to its end, keeps its side open and writes on: a closed connection refuses that.
    const socket = net.connect({ port: p.port, host: "127.0.0.1", allowHalfOpen: true });
    let answer = "";
    socket.on("data", (d) => (answer += d));
    const refusedWrite = new Promise<string>((resolve) => {
      socket.on("error", (e: NodeJS.ErrnoException) => resolve(e.code!));
      socket.on("close", () => resolve("closed"));
    });
    socket.on("end", function writeOn() {
      if (!socket.destroyed) socket.write("more", () => setTimeout(writeOn, 20));
    });
    socket.write("CONNECT a:443 HTTP/1.1\r\nHost: a:443\r\n\r\n");
    expect(["ECONNRESET", "EPIPE", "closed"]).toContain(await refusedWrite);
    expect(answer).toMatch(/^HTTP\/1\.1 405 Method Not Allowed\r\n/);
    expect(JSON.parse(answer.split("\r\n\r\n")[1]!)).toMatchObject({ status: 405, code: "00000002" });
    expect(refused).toEqual(["405 CONNECT: tunnels are not served"]);
  });

  test("close ends the kept-alive connection to the upstream too", async () => {
    const upstream = http.createServer((_req, res) => res.end("ok"));
    upstream.keepAliveTimeout = 60_000; // longer than the test: only the proxy can end the connection
    await new Promise<void>((resolve) => upstream.listen(0, "127.0.0.1", () => resolve()));
    closers.push(() => new Promise((resolve) => upstream.close(resolve)));
    let upstreamSocket: net.Socket | undefined;
    upstream.on("connection", (socket) => (upstreamSocket = socket));
    const { p } = await proxyFor(`http://127.0.0.1:${(upstream.address() as net.AddressInfo).port}`);
    expect((await fetch(`${p.url}/v1/x`)).status).toBe(200);
    const closed = new Promise<void>((resolve) => upstreamSocket!.once("close", () => resolve()));
    expect(upstreamSocket!.destroyed).toBe(false);
    await p.close();
    const late = new Promise((_, reject) =>
      setTimeout(() => reject(new Error("the upstream connection is still open 2 s after close")), 2000).unref(),
    );
    await Promise.race([closed, late]);
    expect(upstreamSocket!.destroyed).toBe(true);
  });
});
