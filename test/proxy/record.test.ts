// `fo-sign proxy --record FILE` (src/proxy/record.ts): the file is the owner's alone (0600, also when it existed, never
// through a link), valid HAR 1.2 after every exchange and after the proxy is killed, and holds each exchange as
// forwarded (signed headers included, masked) with the upstream's answer, while the caller gets the upstream's bytes
// unchanged, compressed or not and past the recording's bound.
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import {
  chmodSync,
  existsSync,
  linkSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { PassThrough } from "node:stream";
import { type Exchange, harEntry, keepBody, openRecording } from "../../src/proxy/record.ts";
import { stopChild } from "../helpers/processes.ts";
import { keys, proxyFor } from "./support.ts";

const root = path.resolve(import.meta.dirname, "../..");
const dir = mkdtempSync(path.join(os.tmpdir(), "record-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const creator = { name: "test", version: "0" };
const mode = (file: string) => statSync(file).mode & 0o777;
/** What these tests read of a HAR entry. */
interface Entry {
  startedDateTime: string;
  request: { method: string; url: string; headers: { name: string; value: string }[]; postData: { text: string } };
  response: { status: number; bodySize: number; content: { text?: string; comment?: string } };
}
const har = (file: string) =>
  JSON.parse(readFileSync(file, "utf8")) as { log: { version: string; creator: typeof creator; entries: Entry[] } };

const exchange = (n: number): Exchange => ({
  startedAt: new Date(Date.UTC(2026, 11, 1, 10, 0, n)),
  request: {
    method: "POST",
    url: `http://127.0.0.1:1/v1/customers/c1/external-accounts?idempotency_key=k-${n}`,
    headers: ["Content-Type", "application/json", "Authorization", `Service-HMAC-SHA256 AK:20261201T10000${n}Z:ab${n}`],
    body: Buffer.from(JSON.stringify({ account_number: `99887766${n}`, network: "US_ACH" })),
  },
  response: {
    status: 201,
    statusText: "Created",
    headers: ["Content-Type", "application/json", "Set-Cookie", "session=s3cr3t"],
    body: Buffer.from(JSON.stringify({ institution_name: "Example Bank", account_holder_name: "Jane Public" })),
    size: 64,
  },
  timings: { send: 1, wait: 2.5, receive: 0.25 },
});

describe("the file", () => {
  test("is created with mode 0600 and holds an empty HAR 1.2 log at once", () => {
    const file = path.join(dir, "new.har");
    const recording = openRecording(file, creator, { bound: 1024 });
    expect(mode(file)).toBe(0o600);
    expect(har(file).log).toMatchObject({ version: "1.2", creator, entries: [] });
    recording.close();
  });

  test("that existed is replaced by a new file of mode 0600; another name of the old one keeps its contents", () => {
    const file = path.join(dir, "old.har");
    writeFileSync(file, "x".repeat(5000));
    chmodSync(file, 0o644);
    const other = path.join(dir, "old-other-name.har");
    linkSync(file, other);
    const recording = openRecording(file, creator, { bound: 1024 });
    expect(mode(file)).toBe(0o600);
    expect(har(file).log.entries).toEqual([]);
    expect(readFileSync(other, "utf8")).toBe("x".repeat(5000));
    recording.close();
    // Nothing of the writing is left beside it.
    expect(readdirSync(dir).filter((f) => f.endsWith(".part"))).toEqual([]);
  });

  test("is never written through a symbolic link: the link is replaced, its target untouched", () => {
    const target = path.join(dir, "target.txt");
    writeFileSync(target, "keep");
    const link = path.join(dir, "link.har");
    symlinkSync(target, link);
    openRecording(link, creator, { bound: 1024 }).close();
    expect(readFileSync(target, "utf8")).toBe("keep");
    expect(lstatSync(link).isSymbolicLink()).toBe(false);
    expect(har(link).log.entries).toEqual([]);
  });

  test("a FILE that cannot be replaced (a folder) is refused with its reason, and nothing is left beside it", () => {
    const folder = path.join(dir, "a-folder.har");
    mkdirSync(folder);
    expect(() => openRecording(folder, creator, { bound: 1024 })).toThrow(
      expect.objectContaining({ code: expect.stringMatching(/^(EISDIR|ENOTDIR|EEXIST|ENOTEMPTY)$/) }),
    );
    expect(readdirSync(dir).filter((f) => f.endsWith(".part"))).toEqual([]);
  });

  test("once closed, takes nothing more; closing again is harmless; no descriptor is left open", () => {
    const fds = () => readdirSync("/proc/self/fd").length;
    const before = fds();
    for (let n = 0; n < 20; n++) openRecording(path.join(dir, `closed-${n}.har`), creator, { bound: 1024 }).close();
    expect(fds()).toBe(before);
    const file = path.join(dir, "closed.har");
    const recording = openRecording(file, creator, { bound: 1024 });
    recording.add(exchange(0));
    recording.close();
    const text = readFileSync(file, "utf8");
    recording.add(exchange(1));
    recording.close();
    expect(readFileSync(file, "utf8")).toBe(text);
    expect(recording.entries).toBe(1);
  });

  test("holds an entry a line", () => {
    const file = path.join(dir, "lines.har");
    const recording = openRecording(file, creator, { bound: 1024 });
    for (let n = 0; n < 3; n++) recording.add(exchange(n));
    recording.close();
    const lines = readFileSync(file, "utf8").split("\n");
    expect(lines).toHaveLength(4);
    expect(lines.slice(1).every((l) => l.startsWith('{"startedDateTime"'))).toBe(true);
  });

  test("is valid HAR after every exchange, each entry in order", () => {
    const file = path.join(dir, "grow.har");
    const recording = openRecording(file, creator, { bound: 1024 });
    for (let n = 0; n < 5; n++) {
      recording.add(exchange(n));
      const { entries } = har(file).log;
      expect(entries).toHaveLength(n + 1);
      expect(entries.map((e) => e.startedDateTime)).toEqual(
        Array.from({ length: n + 1 }, (_, i) => exchange(i).startedAt.toISOString()),
      );
    }
    expect(recording.entries).toBe(5);
    recording.close();
  });

  test("an entry holds the exchange as HAR 1.2 has it, masked", () => {
    const file = path.join(dir, "entry.har");
    const recording = openRecording(file, creator, { bound: 1024 });
    recording.add(exchange(7));
    recording.close();
    const [entry] = har(file).log.entries;
    expect(entry).toMatchObject({
      startedDateTime: "2026-12-01T10:00:07.000Z",
      time: 3.75,
      request: {
        method: "POST",
        url: "http://127.0.0.1:1/v1/customers/c1/external-accounts?idempotency_key=a-1",
        httpVersion: "HTTP/1.1",
        cookies: [],
        headers: [
          { name: "Content-Type", value: "application/json" },
          { name: "Authorization", value: "Service-HMAC-SHA256 AA:11111111A111111A:aa1" },
        ],
        queryString: [{ name: "idempotency_key", value: "a-1" }],
        postData: { mimeType: "application/json", text: '{"account_number":"111111111","network":"US_ACH"}' },
        headersSize: -1,
        bodySize: exchange(7).request.body.length,
      },
      response: {
        status: 201,
        statusText: "Created",
        headers: [
          { name: "Content-Type", value: "application/json" },
          { name: "Set-Cookie", value: "aaaaaaa=a1aa1a" },
        ],
        content: {
          mimeType: "application/json",
          text: '{"institution_name":"Aaaaaaa Aaaa","account_holder_name":"Aaaa Aaaaaa"}',
        },
        redirectURL: "",
      },
      timings: { send: 1, wait: 2.5, receive: 0.25 },
    });
  });
});

describe("an entry", () => {
  const answered = (headers: string[], body: Buffer | undefined, size = body?.length ?? 0): Exchange => ({
    ...exchange(1),
    response: { status: 200, statusText: "OK", headers, body, size },
  });
  const content = (e: Exchange, bound = 1 << 20) => harEntry(e, bound).response.content;
  const json = Buffer.from('{"account_number":"12","status":"OK"}');
  const masked = '{"account_number":"11","status":"OK"}';

  test("the answer, as HAR 1.2 has it: status, headers, Location as redirectURL, sizes unknown as -1", () => {
    const e = answered(["Location", "/elsewhere", "Content-Type", "application/json"], json);
    expect(harEntry(e, 1024).response).toEqual({
      status: 200,
      statusText: "OK",
      httpVersion: "HTTP/1.1",
      cookies: [],
      headers: [
        { name: "Location", value: "/elsewhere" },
        { name: "Content-Type", value: "application/json" },
      ],
      content: { size: json.length, mimeType: "application/json", text: masked },
      redirectURL: "/elsewhere",
      headersSize: -1,
      bodySize: json.length,
    });
    expect(harEntry(e, 1024).timings).toEqual({
      blocked: -1,
      dns: -1,
      connect: -1,
      ssl: -1,
      send: 1,
      wait: 2.5,
      receive: 0.25,
    });
  });

  test("an empty answer has no text, and no media type when it named none", () => {
    expect(content(answered([], Buffer.alloc(0)))).toEqual({ size: 0, mimeType: "" });
  });

  test.each([
    ["gzip", zlib.gzipSync],
    ["x-gzip", zlib.gzipSync],
    ["deflate", zlib.deflateSync],
    ["br", zlib.brotliCompressSync],
    [" GZIP ", zlib.gzipSync],
  ])("an answer encoded as %j is recorded decoded, its size the decoded one", (coding, encode) => {
    const encoded = encode(json);
    const e = answered(["Content-Type", "application/json", "Content-Encoding", coding], encoded);
    expect(content(e)).toEqual({ size: json.length, mimeType: "application/json", text: masked });
    expect(harEntry(e, 1024).response.bodySize).toBe(encoded.length);
  });

  test("identity is no encoding", () => {
    expect(content(answered(["Content-Type", "application/json", "Content-Encoding", "identity"], json)).text).toBe(
      masked,
    );
  });

  test.each([
    [
      "an encoding it does not decode",
      "compress",
      json,
      1024,
      "not recorded: encoded as compress, which the recording does not decode",
    ],
    [
      "a body that does not decode",
      "gzip",
      json,
      1024,
      "not recorded: its gzip encoding did not decode within the recording's bound",
    ],
    [
      "a body that decodes past the bound",
      "gzip",
      zlib.gzipSync(Buffer.alloc(4096)),
      1024,
      "not recorded: its gzip encoding did not decode within the recording's bound",
    ],
  ])("%s: no text, and why", (_, coding, body, bound, comment) => {
    const e = answered(["Content-Type", "application/json", "Content-Encoding", coding], body);
    expect(content(e, bound)).toEqual({ size: body.length, mimeType: "application/json", comment });
  });

  test("a request without a body or a media type has no postData; with either, it has", () => {
    const get = {
      ...exchange(2),
      request: { ...exchange(2).request, method: "GET", headers: [], body: Buffer.alloc(0) },
    };
    expect(harEntry(get, 1024).request.postData).toBeUndefined();
    const typed = { ...get, request: { ...get.request, headers: ["Content-Type", "application/json"] } };
    expect(harEntry(typed, 1024).request.postData).toEqual({ mimeType: "application/json", text: "" });
    const untyped = { ...get, request: { ...get.request, body: Buffer.from("raw") } };
    expect(harEntry(untyped, 1024).request.postData).toEqual({
      mimeType: "",
      text: "[not recorded: 3 bytes of no media type]",
      comment: "not recorded: only JSON bodies are recorded (a document, a form or a page may hold personal data)",
    });
  });

  test("a URL without a query has no queryString; the query is split at its first ?", () => {
    const at = (url: string) => harEntry({ ...exchange(3), request: { ...exchange(3).request, url } }, 1024).request;
    expect(at("http://h/p")).toMatchObject({ url: "http://h/p", queryString: [] });
    expect(at("http://h/p?a=1?b")).toMatchObject({
      // Every value is masked but a kept member's (src/server/masked.ts): 1?b is a's value, after the first ?.
      url: "http://h/p?a=1%3Fa",
      queryString: [{ name: "a", value: "1?a" }],
    });
  });
});

describe("the answer kept for the recording", () => {
  const kept = (chunks: string[], bound: number) => {
    const stream = new PassThrough();
    const body = keepBody(stream, bound);
    for (const c of chunks) stream.write(c);
    stream.end();
    stream.resume();
    return body();
  };

  test("up to the bound, whole; one byte past it, nothing (and more after that changes nothing)", () => {
    expect(kept(["abcd", "ef"], 6)).toEqual({ body: Buffer.from("abcdef"), size: 6 });
    expect(kept(["abcd", "efg"], 6)).toEqual({ body: undefined, size: 7 });
    expect(kept(["abcd", "efg", "h"], 6)).toEqual({ body: undefined, size: 8 });
  });
});

describe("through the proxy", () => {
  const bigJson = JSON.stringify({
    list: Array.from({ length: 400 }, (_, i) => ({ account_number: `${i}`.padStart(12, "4") })),
  });
  const answers: Record<string, { status: number; headers: Record<string, string>; body: Buffer }> = {
    "/v1/customers/c1/external-accounts": {
      status: 201,
      headers: { "Content-Type": "application/json" },
      body: Buffer.from(
        '{"account_number": "123456789012", "account_holder_name": "Jane Q Public", "currency": "USD"}',
      ),
    },
    "/v1/customers/c1/rfi-cases": {
      status: 200,
      headers: { "Content-Type": "application/json", "Content-Encoding": "gzip" },
      body: zlib.gzipSync(JSON.stringify({ list: [{ case_id: "c", account_holder_name: "Jane Q Public" }], total: 1 })),
    },
    "/v1/customers/c1/conversions/order": {
      status: 200,
      headers: { "Content-Type": "application/json" },
      body: Buffer.from(bigJson),
    },
  };
  let upstream: http.Server;
  let upstreamUrl: string;
  const seenAuthorization: string[] = [];

  beforeAll(async () => {
    upstream = http.createServer((req, res) => {
      seenAuthorization.push(String(req.headers.authorization));
      req.resume();
      req.on("end", () => {
        const path = req.url!.split("?")[0]!;
        if (path === "/drop") return req.socket.destroy();
        const answer = answers[path];
        if (!answer) return res.writeHead(404).end();
        res.writeHead(answer.status, answer.headers).end(answer.body);
      });
    });
    await new Promise<void>((resolve) => upstream.listen(0, "127.0.0.1", resolve));
    upstreamUrl = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    upstream.closeAllConnections();
    await new Promise((resolve) => upstream.close(resolve));
  });

  test("the caller gets the upstream's bytes unchanged; the recording holds each whole exchange, masked", async () => {
    const file = path.join(dir, "proxy.har");
    // A bound under the large answer: it passes whole to the caller and is left out of the recording.
    const recording = openRecording(file, creator, { bound: 4096 });
    const proxy = await proxyFor(upstreamUrl, { recording, maxBody: 4096 });
    try {
      const raw = (p: string, init?: RequestInit) =>
        fetch(`${proxy.url}${p}`, init).then(async (r) => ({
          status: r.status,
          bytes: Buffer.from(await r.arrayBuffer()),
        }));
      const created = await raw("/v1/customers/c1/external-accounts", {
        method: "POST",
        headers: { "Content-Type": "application/json", "Idempotency-Key": "0f8e2a51-6c3d-4b7e-9a12-5d4c3b2a1f09" },
        body: JSON.stringify({ account_number: "123456789012", account_holder_name: "Jane Q Public" }),
      });
      expect(created).toEqual({ status: 201, bytes: answers["/v1/customers/c1/external-accounts"]!.body });
      // fetch decodes gzip: the bytes it got decode to what the upstream compressed.
      const gzipped = await new Promise<Buffer>((resolve, reject) =>
        http
          .get(`${proxy.url}/v1/customers/c1/rfi-cases`, { headers: { "Accept-Encoding": "gzip" } }, (res) => {
            const chunks: Buffer[] = [];
            res.on("data", (c) => chunks.push(c)).on("end", () => resolve(Buffer.concat(chunks)));
          })
          .on("error", reject),
      );
      expect(gzipped.equals(answers["/v1/customers/c1/rfi-cases"]!.body)).toBe(true);
      const big = await raw("/v1/customers/c1/conversions/order?transaction_id=t1");
      expect(big.bytes.toString()).toBe(bigJson);
      await expect(fetch(`${proxy.url}/drop`)).rejects.toThrow();
    } finally {
      await proxy.close();
      recording.close();
    }
    expect(mode(file)).toBe(0o600);
    const text = readFileSync(file, "utf8");
    const { entries } = har(file).log;
    // The dropped request got no answer: it is not an exchange.
    expect(entries.map((e) => `${e.request.method} ${e.response.status} ${new URL(e.request.url).pathname}`)).toEqual([
      "POST 201 /v1/customers/c1/external-accounts",
      "GET 200 /v1/customers/c1/rfi-cases",
      "GET 200 /v1/customers/c1/conversions/order",
    ]);
    const [created, listed, big] = entries;
    // The request as forwarded upstream: the upstream's URL, its Host, the proxy's signature (masked).
    expect(created!.request.url).toBe(`${upstreamUrl}/v1/customers/c1/external-accounts`);
    const sent = Object.fromEntries(
      created!.request.headers.map((h: { name: string; value: string }) => [h.name, h.value]),
    );
    expect(sent.Host).toBe(new URL(upstreamUrl).host);
    expect(sent.Authorization).toMatch(/^Service-HMAC-SHA256 [aA1_~.-]+:11111111A111111A:[a1]{64}$/);
    expect(sent["X-SVC-Date"]).toMatch(/^\d{8}T\d{6}Z$/);
    expect(sent["Idempotency-Key"]).toBe("1a1a1a11-1a1a-1a1a-1a11-1a1a1a1a1a11");
    expect(JSON.parse(created!.request.postData.text)).toEqual({
      account_number: "111111111111",
      account_holder_name: "Aaaa A Aaaaaa",
    });
    expect(JSON.parse(created!.response.content.text!)).toEqual({
      account_number: "111111111111",
      account_holder_name: "Aaaa A Aaaaaa",
      currency: "USD",
    });
    // A compressed answer is recorded decoded (HAR's content.text), its size the decoded one.
    expect(JSON.parse(listed!.response.content.text!)).toEqual({
      list: [{ case_id: "a", account_holder_name: "Aaaa A Aaaaaa" }],
      total: 1,
    });
    expect(listed!.response.bodySize).toBe(answers["/v1/customers/c1/rfi-cases"]!.body.length);
    // Past the bound: the caller had it all, the recording says why it has none of it.
    expect(big!.response.content.text).toBeUndefined();
    expect(big!.response.content.comment).toBe(`not recorded: ${bigJson.length} bytes, over the recording's bound`);
    expect(big!.response.bodySize).toBe(bigJson.length);
    // No secret, signature or banking value anywhere in the file.
    for (const secret of [
      keys.secretKey,
      ...seenAuthorization.map((a) => a.split(":").at(-1)!),
      "123456789012",
      "Jane",
      "0f8e2a51",
    ])
      expect(text).not.toContain(secret);
  });
});

describe("timings", () => {
  test("send, wait and receive as the proxy saw them: the wait is the upstream's delay, the receive its pause", async () => {
    const upstream = http.createServer((req, res) =>
      req.resume().on("end", () => {
        setTimeout(() => {
          res.writeHead(200, { "Content-Type": "application/json" });
          res.write('{"a":');
          setTimeout(() => res.end("1}"), 40);
        }, 60);
      }),
    );
    await new Promise<void>((resolve) => upstream.listen(0, "127.0.0.1", resolve));
    const file = path.join(dir, "timings.har");
    const recording = openRecording(file, creator, { bound: 1024 });
    const proxy = await proxyFor(`http://127.0.0.1:${(upstream.address() as AddressInfo).port}`, { recording });
    const began = performance.now();
    try {
      await (await fetch(`${proxy.url}/v1/customers/c1/rfi-cases`, { method: "POST", body: "{}" })).text();
    } finally {
      await proxy.close();
      recording.close();
      upstream.close();
    }
    const wall = performance.now() - began;
    const [entry] = har(file).log.entries as unknown as { time: number; timings: Record<string, number> }[];
    const { send, wait, receive } = entry!.timings;
    expect(send).toBeGreaterThan(0);
    // Relations rather than bounds in milliseconds: a loaded machine stretches each, never reorders them.
    expect(send).toBeLessThan(wait!);
    expect(wait).toBeGreaterThanOrEqual(50);
    expect(receive).toBeGreaterThanOrEqual(30);
    expect(entry!.time).toBeCloseTo(send! + wait! + receive!, 2);
    expect(entry!.time).toBeLessThanOrEqual(wall);
  });
});

/** `fo-sign proxy --upstream UPSTREAM --port 0 --record FILE` in a process of its own, with the test keys. */
const foSignProxy = (upstream: string, file: string) =>
  spawn(
    process.execPath,
    ["--import", "tsx", "src/cli/fo-sign.ts", "proxy", "--upstream", upstream, "--port", "0", "--record", file],
    {
      cwd: root,
      env: { PATH: process.env.PATH, FO_ACCESS_KEY: keys.accessKey, FO_SECRET_KEY: keys.secretKey },
      stdio: ["ignore", "pipe", "pipe"],
    },
  );

describe("fo-sign proxy --record", () => {
  test("says in its ready line that it records and where; killed mid-run, it leaves a valid recording", async () => {
    const upstream = http.createServer((req, res) => req.resume().on("end", () => res.writeHead(204).end()));
    await new Promise<void>((resolve) => upstream.listen(0, "127.0.0.1", resolve));
    const file = path.join(dir, "killed.har");
    const child = foSignProxy(`http://127.0.0.1:${(upstream.address() as AddressInfo).port}`, file);
    try {
      let out = "";
      const url = await new Promise<string>((resolve, reject) => {
        child.stdout.on("data", (d) => {
          out += d;
          const ready = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(out);
          if (ready) resolve(ready[1]!);
        });
        child.once("exit", () => reject(new Error(out)));
      });
      expect(out).toContain(`; recording every exchange to ${file}, masked)`);
      for (let n = 0; n < 3; n++) expect((await fetch(`${url}/v1/customers/c${n}/rfi-cases`)).status).toBe(204);
      child.kill("SIGKILL");
      await new Promise((resolve) => child.once("exit", resolve));
      expect(har(file).log.entries.map((e) => new URL(e.request.url).pathname)).toEqual([
        "/v1/customers/c0/rfi-cases",
        "/v1/customers/c1/rfi-cases",
        "/v1/customers/c2/rfi-cases",
      ]);
    } finally {
      await stopChild(child);
      upstream.close();
    }
  });

  test("a file it cannot write stops it before the port opens, exit code 2, naming the file and why", async () => {
    const file = path.join(dir, "no-such-folder", `${randomBytes(4).toString("hex")}.har`);
    const child = foSignProxy("http://127.0.0.1:9", file);
    let out = "";
    child.stdout.on("data", (d) => (out += d));
    child.stderr.on("data", (d) => (out += d));
    const code = await new Promise((resolve) => child.once("exit", resolve));
    expect(code).toBe(2);
    expect(out).toBe(`fo-sign proxy: cannot record to ${file}: ENOENT\n`);
    expect(existsSync(file)).toBe(false);
  });
});
