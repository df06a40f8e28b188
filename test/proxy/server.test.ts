// The signing proxy's server in-process, against an upstream that records each request's raw headers and can
// misbehave on demand (hold, reset, cut an answer short): framing of what it forwards (Content-Length only when the
// caller framed a body, one Host), what happens when either side goes away, what it answers when the upstream
// cannot be reached, CONNECT, and its refusal lines.
import http from "node:http";
import net from "node:net";
import { afterAll, afterEach, beforeAll, describe, expect, test } from "vitest";
import { type RunningProxy, startProxy } from "../../src/proxy/server.ts";
import type { Bounds } from "../../src/server/connections.ts";
import { decodeSecretKey } from "../../src/signing/secret.ts";
import { keys, untilClosed } from "./support.ts";
import { connectOutcome } from "../helpers/loopback.ts";

interface Seen {
  method: string;
  url: string;
  rawHeaders: string[];
  body: Buffer;
}

/** What the upstream does with the next request: answer (default), hold it, reset it, or cut its answer short. */
let behaviour: "answer" | "hold" | "reset" | "cut" = "answer";
const seen: Seen[] = [];
let upstreamClosed: Promise<void> = Promise.resolve();
let upstream: http.Server;
let upstreamUrl: string;

beforeAll(async () => {
  upstream = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c) => chunks.push(c));
    const closed = new Promise<void>((resolve) => req.socket.once("close", () => resolve()));
    upstreamClosed = closed;
    if (behaviour === "hold") {
      seen.push({ method: req.method!, url: req.url!, rawHeaders: req.rawHeaders, body: Buffer.alloc(0) });
      return;
    }
    req.on("end", () => {
      seen.push({ method: req.method!, url: req.url!, rawHeaders: req.rawHeaders, body: Buffer.concat(chunks) });
      if (behaviour === "reset") return req.socket.destroy();
      if (behaviour === "cut") {
        res.writeHead(200, { "Content-Length": "10" });
        res.write("12345", () => req.socket.destroy());
        return;
      }
      res.writeHead(200, { "Content-Type": "text/plain" }).end("ok");
    });
  });
  await new Promise<void>((resolve) => upstream.listen(0, "127.0.0.1", () => resolve()));
  upstreamUrl = `http://127.0.0.1:${(upstream.address() as net.AddressInfo).port}`;
});
afterAll(async () => {
  upstream.closeAllConnections();
  await new Promise((resolve) => upstream.close(resolve));
});

const proxies: RunningProxy[] = [];
afterEach(async () => {
  behaviour = "answer";
  seen.length = 0;
  await Promise.all(proxies.splice(0).map((p) => p.close()));
});

async function proxy(options: { upstream?: string; maxBody?: number; log?: boolean; bounds?: Bounds } = {}) {
  const refused: string[] = [];
  const p = await startProxy({
    upstream: options.upstream ?? upstreamUrl,
    credentials: { accessKey: keys.accessKey, secretKey: decodeSecretKey(keys.secretKey) },
    maxBody: options.maxBody,
    bounds: options.bounds,
    ...(options.log === false ? {} : { onRefused: (line: string) => refused.push(line) }),
  });
  proxies.push(p);
  return { p, refused };
}

/** Raw bytes to the proxy; everything it answered once the connection closed. */
const raw = (p: RunningProxy, talk: (socket: net.Socket) => void) => untilClosed(p.port, talk);

const named = (s: Seen, name: string) =>
  s.rawHeaders.flatMap((h, i) => (i % 2 === 0 && h.toLowerCase() === name ? [s.rawHeaders[i + 1]!] : []));

describe("framing what is forwarded", () => {
  test("Content-Length only for a body the caller framed; exactly one Host, the upstream's", async () => {
    const { p } = await proxy();
    const host = `Host: 127.0.0.1:${p.port}\r\n`;
    const cases: Array<[string, string | undefined]> = [
      [`GET /v1/a HTTP/1.1\r\n${host}Connection: close\r\n\r\n`, undefined],
      [`POST /v1/b HTTP/1.1\r\n${host}Content-Length: 0\r\nConnection: close\r\n\r\n`, "0"],
      [`POST /v1/c HTTP/1.1\r\n${host}Transfer-Encoding: chunked\r\nConnection: close\r\n\r\n0\r\n\r\n`, "0"],
      [
        `POST /v1/d HTTP/1.1\r\n${host}Transfer-Encoding: chunked\r\nConnection: close\r\n\r\n3\r\nabc\r\n0\r\n\r\n`,
        "3",
      ],
      [`PUT /v1/e HTTP/1.1\r\n${host}Content-Length: 2\r\nConnection: close\r\n\r\n{}`, "2"],
    ];
    for (const [request, length] of cases) {
      expect(await raw(p, (s) => s.write(request))).toMatch(/^HTTP\/1\.1 200 /);
      const arrived = seen.at(-1)!;
      expect(named(arrived, "content-length"), request).toEqual(length === undefined ? [] : [length]);
      expect(named(arrived, "transfer-encoding")).toEqual([]);
      expect(named(arrived, "host")).toEqual([new URL(upstreamUrl).host]);
    }
    expect(seen.at(-2)!.body.toString()).toBe("abc");
  });
});

describe("when a side goes away", () => {
  test("a caller that leaves takes its upstream request with it", async () => {
    const { p } = await proxy();
    behaviour = "hold";
    const socket = net.connect(p.port, "127.0.0.1");
    socket.on("error", () => {});
    socket.write(`GET /v1/held HTTP/1.1\r\nHost: 127.0.0.1:${p.port}\r\n\r\n`);
    while (seen.length === 0) await new Promise((resolve) => setImmediate(resolve));
    socket.destroy();
    await upstreamClosed;
    expect(seen.map((s) => s.url)).toEqual(["/v1/held"]);
  });

  test("an upstream that closes without an answer: the caller gets none either", async () => {
    const { p, refused } = await proxy();
    behaviour = "reset";
    const answer = await raw(p, (s) =>
      s.write(`POST /v1/x HTTP/1.1\r\nHost: 127.0.0.1:${p.port}\r\nContent-Length: 0\r\n\r\n`),
    );
    expect(answer).toBe("");
    expect(refused).toEqual([]);
  });

  test("an upstream that cuts its answer short: the caller's is cut too", async () => {
    const { p } = await proxy();
    behaviour = "cut";
    const answer = await raw(p, (s) => s.write(`GET /v1/x HTTP/1.1\r\nHost: 127.0.0.1:${p.port}\r\n\r\n`));
    expect(answer).toMatch(/^HTTP\/1\.1 200 .*\r\n\r\n12345$/s);
  });

  test("an upstream that cannot be reached is a 502 naming it and the error code", async () => {
    const closed = net.createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", () => resolve()));
    const port = (closed.address() as net.AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const { p, refused } = await proxy({ upstream: `http://127.0.0.1:${port}` });
    const res = await fetch(`${p.url}/v1/x`);
    expect(res.status).toBe(502);
    const detail = `The upstream http://127.0.0.1:${port} could not be reached (ECONNREFUSED).`;
    expect(await res.json()).toMatchObject({ status: 502, detail });
    expect(refused).toEqual([`502 GET /v1/x: ${detail}`]);
  });
});

describe("refusals", () => {
  test("a body over the bound is 413 naming the bound, logged with the path", async () => {
    const { p, refused } = await proxy({ maxBody: 4 });
    const res = await fetch(`${p.url}/v1/x`, { method: "POST", body: "12345" });
    expect(res.status).toBe(413);
    const detail = "The request body is larger than this proxy's bound of 4 bytes.";
    expect(await res.json()).toMatchObject({ detail });
    expect(refused).toEqual([`413 POST /v1/x: ${detail}`]);
    expect(seen).toEqual([]);
  });

  test("a refusal line cuts the path at 256 characters; without a log the answer is the same", async () => {
    const { p, refused } = await proxy({ maxBody: 0 });
    const path = `/v1/${"a".repeat(300)}`;
    expect((await fetch(`${p.url}${path}`, { method: "POST", body: "1" })).status).toBe(413);
    expect(refused[0]).toBe(
      `413 POST ${path.slice(0, 256)}: The request body is larger than this proxy's bound of 0 bytes.`,
    );
    const quiet = await proxy({ maxBody: 0, log: false });
    expect((await fetch(`${quiet.p.url}/v1/x`, { method: "POST", body: "1" })).status).toBe(413);
    expect(await raw(quiet.p, (s) => s.write("CONNECT a:443 HTTP/1.1\r\nHost: a:443\r\n\r\n"))).toMatch(
      /^HTTP\/1\.1 405 /,
    );
  });

  test("an absolute target for the upstream on a foreign Host is 421 naming its path", async () => {
    const { p, refused } = await proxy();
    const answer = await raw(p, (s) =>
      s.write(`GET ${upstreamUrl}/v1/abs?q=1 HTTP/1.1\r\nHost: evil.example\r\nConnection: close\r\n\r\n`),
    );
    expect(answer).toMatch(/^HTTP\/1\.1 421 /);
    expect(refused[0]).toMatch(/^421 GET \/v1\/abs: /);
  });

  test("CONNECT is 405 in the flat envelope, logged, and the connection closed", async () => {
    const { p, refused } = await proxy();
    const answer = await raw(p, (s) => s.write("CONNECT evil.example:443 HTTP/1.1\r\nHost: evil.example:443\r\n\r\n"));
    const [head, body] = answer.split("\r\n\r\n");
    expect(head).toMatch(/^HTTP\/1\.1 405 Method Not Allowed\r\n/);
    expect(head).toContain("\r\nConnection: close");
    expect(head).toContain("\r\nContent-Type: application/json");
    expect(head).toContain(`\r\nContent-Length: ${Buffer.byteLength(body!)}`);
    expect(JSON.parse(body!)).toMatchObject({
      status: 405,
      instance: "/",
      detail: "CONNECT is not served: this proxy signs each request, and a tunnel's bytes cannot be signed.",
    });
    expect(refused).toEqual(["405 CONNECT: tunnels are not served"]);
  });
});

describe("starting and stopping", () => {
  test("a bound that is not a whole number of bytes is refused", async () => {
    for (const maxBody of [-1, 1.5, Number.NaN])
      await expect(proxy({ maxBody })).rejects.toThrow("maxBody must be a whole number of bytes.");
  });

  test("on 127.0.0.1 only, on the port asked for; a port in use rejects", async () => {
    const probe = net.createServer();
    await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", () => resolve()));
    const port = (probe.address() as net.AddressInfo).port;
    const start = () =>
      startProxy({
        upstream: upstreamUrl,
        port,
        credentials: { accessKey: keys.accessKey, secretKey: decodeSecretKey(keys.secretKey) },
      });
    await expect(start()).rejects.toMatchObject({ code: "EADDRINUSE" });
    await new Promise((resolve) => probe.close(resolve));
    const p = await start();
    proxies.push(p);
    expect(p).toMatchObject({ port, url: `http://127.0.0.1:${port}` });
    expect(await connectOutcome(port, "::1")).not.toBe("connected");
  });

  test("keeps its upstream connection alive between requests", async () => {
    const { p } = await proxy();
    const ports = new Set<number>();
    const record = (req: http.IncomingMessage) => ports.add(req.socket.remotePort!);
    upstream.on("request", record);
    try {
      for (const _ of [1, 2, 3]) expect((await fetch(`${p.url}/v1/x`)).status).toBe(200);
    } finally {
      upstream.off("request", record);
    }
    expect(ports.size).toBe(1);
  });

  test("close ends open connections and stops listening", async () => {
    const { p } = await proxy();
    const socket = net.connect(p.port, "127.0.0.1");
    socket.on("error", () => {});
    const closed = new Promise<void>((resolve) => socket.once("close", () => resolve()));
    await new Promise<void>((resolve) => socket.once("connect", () => resolve()));
    socket.write("G");
    await p.close();
    proxies.length = 0;
    await closed;
    await expect(fetch(`${p.url}/v1/x`)).rejects.toThrow();
  });

  test("silent connections are bounded as the mock's: closed after the first-byte timeout, room kept for a caller", async () => {
    // The mock's own rule (src/server/connections.ts), at a small scale: 10 connections at most, 300 ms to speak.
    const { p } = await proxy({ bounds: { firstByteMs: 300, maxConnections: 10 } });
    const opened = Date.now();
    const closedAfter: number[] = [];
    const silent = Array.from({ length: 30 }, () => {
      const socket = net.connect(p.port, "127.0.0.1");
      socket.on("error", () => {});
      socket.on("close", () => closedAfter.push(Date.now() - opened));
      return socket;
    });
    await new Promise((r) => setTimeout(r, 100));
    // Past the room, each new connection evicts the oldest silent one: a caller that speaks is answered.
    expect((await fetch(`${p.url}/v1/customers/c1/rfi-cases`)).status).toBe(200);
    for (let i = 0; i < 40 && closedAfter.length < silent.length; i++) await new Promise((r) => setTimeout(r, 50));
    expect(closedAfter).toHaveLength(silent.length);
    expect(Math.max(...closedAfter)).toBeLessThan(1_500);
  });
});
