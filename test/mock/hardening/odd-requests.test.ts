// Odd and hostile requests against the real mock process (startMock: one process, Prism inside it as a library): absolute-form and asterisk-form targets, Expect: 100-continue, chunked bodies,
// duplicate or conflicting lengths, pipelining, unknown methods, oversized headers, a socket cut
// mid-body. Each gets a correct answer or a 4xx with a JSON body in the documented envelope, and the
// process keeps serving.
import net from "node:net";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { operations } from "../../fixtures/operations.ts";
import { type RunningMock, startMock } from "../../../src/mock/index.ts";
import { bearer as withBearer, newSecret, wireOf } from "../support.ts";
import { rawRequest, signedHeaders } from "./raw.ts";
import { bodyOf, head, openExchange, statusOf } from "./socket.ts";

const creds = { accessKey: "AK-odd", secretKey: newSecret() };

let sandbox: RunningMock;
let production: RunningMock;
beforeAll(async () => {
  const keys = { [creds.accessKey]: creds.secretKey };
  [sandbox, production] = await Promise.all([
    startMock({ auth: "sandbox", stateful: false }),
    startMock({ auth: "production", keys, stateful: false }),
  ]);
});
afterAll(() => Promise.all([sandbox?.close(), production?.close()]));

const rfi = wireOf(operations.find((o) => o.operationId === "listRfiCases")!);
const rfiTarget = `${rfi.path}?${rfi.query}`;
const quote = wireOf(operations.find((o) => o.operationId === "createQuote")!);
const quoteBody = String(quote.body);
const bearer = { Authorization: "Bearer sandbox-token" };
const portOf = (base: string) => new URL(base).port;

/** Splits a stream of HTTP/1.1 answers with Content-Length bodies into [status, body] pairs. */
function answersIn(text: string): Array<[number, string]> {
  const out: Array<[number, string]> = [];
  while (text.startsWith("HTTP/1.1 ")) {
    const end = text.indexOf("\r\n\r\n");
    const length = Number(/\r\ncontent-length: (\d+)/i.exec(text.slice(0, end))?.[1] ?? 0);
    out.push([statusOf(text), text.slice(end + 4, end + 4 + length)]);
    text = text.slice(end + 4 + length);
  }
  return out;
}

/** A 4xx with a JSON body in the flat envelope (code, status, detail, instance). */
function expectFlatRefusal(answer: string, status: number) {
  expect(statusOf(answer)).toBe(status);
  expect(answer).toMatch(/\r\ncontent-type: application\/json\r\n/i);
  expect(JSON.parse(bodyOf(answer))).toMatchObject({
    code: "00000002",
    status,
    detail: expect.any(String),
    instance: expect.any(String),
  });
}

async function stillServes(base: string) {
  expect((await rawRequest(base, "GET", rfiTarget, bearer)).status).toBe(200);
}

describe("odd request targets", () => {
  test("absolute form: answered as its path, in sandbox mode", async () => {
    const { received } = openExchange(
      sandbox.url,
      head("GET", `http://127.0.0.1:${portOf(sandbox.url)}${rfiTarget}`, { ...bearer, Connection: "close" }),
    );
    const answer = await received;
    expect(statusOf(answer)).toBe(200);
    expect(JSON.parse(bodyOf(answer))).toEqual((await rawRequest(sandbox.url, "GET", rfiTarget, bearer)).json());
  });

  test("absolute form: the signature over the path verifies", async () => {
    const signed = signedHeaders(creds, "GET", rfiTarget);
    const { received } = openExchange(
      production.url,
      head("GET", `http://localhost${rfiTarget}`, { ...signed, Connection: "close" }),
    );
    expect(statusOf(await received)).toBe(200);
  });

  test("absolute form to a portfolio route takes the bearer token", async () => {
    // Read as a whole target, the route would not look like a portfolio route and would be asked for an HMAC signature.
    const pq = withBearer(wireOf(operations.find((o) => o.operationId === "createPortfolioQuote")!));
    const body = String(pq.body);
    const headers = { ...pq.headers, "Content-Length": Buffer.byteLength(body), Connection: "close" };
    const { received } = openExchange(
      production.url,
      head("POST", `http://127.0.0.1${pq.path}`, headers),
      Buffer.from(body),
    );
    const answer = await received;
    const direct = await rawRequest(production.url, "POST", pq.path, pq.headers, body);
    expect(direct.status).toBe(200);
    expect(statusOf(answer)).toBe(direct.status);
  });

  test("asterisk form: a 400 naming why", async () => {
    const { received } = openExchange(sandbox.url, head("OPTIONS", "*", { Connection: "close" }));
    const answer = await received;
    expectFlatRefusal(answer, 400);
    expect(answer).toMatch(/\r\nX-Mock-Refusal: not-a-path\r\n/i);
  });
});

describe("odd bodies and framing", () => {
  test("Expect: 100-continue, then the answer", async () => {
    const socket = net.connect(Number(portOf(sandbox.url)), "127.0.0.1");
    let text = "";
    const closed = new Promise<void>((resolve) => socket.on("close", () => resolve()));
    socket.on("error", () => {});
    socket.on("data", (d) => {
      text += d.toString("latin1");
      if (text.startsWith("HTTP/1.1 100 Continue\r\n\r\n") && !socket.writableEnded) socket.end(quoteBody);
    });
    socket.write(
      head("POST", quote.path, {
        ...bearer,
        "Content-Type": "application/json",
        "Content-Length": Buffer.byteLength(quoteBody),
        Expect: "100-continue",
        Connection: "close",
      }),
    );
    await closed;
    expect(text.startsWith("HTTP/1.1 100 Continue\r\n\r\n")).toBe(true);
    expect(statusOf(text.slice("HTTP/1.1 100 Continue\r\n\r\n".length))).toBe(201);
  });

  test("a chunked body is answered as the same body with a Content-Length", async () => {
    const [a, b] = [quoteBody.slice(0, 10), quoteBody.slice(10)];
    const chunked = `${a.length.toString(16)}\r\n${a}\r\n${b.length.toString(16)}\r\n${b}\r\n0\r\n\r\n`;
    const { received } = openExchange(
      sandbox.url,
      head("POST", quote.path, {
        ...bearer,
        "Content-Type": "application/json",
        "Transfer-Encoding": "chunked",
        Connection: "close",
      }),
      Buffer.from(chunked),
    );
    const answer = await received;
    expect(statusOf(answer)).toBe(201);
    expect(JSON.parse(bodyOf(answer))).toEqual(
      (
        await rawRequest(sandbox.url, "POST", quote.path, { ...bearer, "Content-Type": "application/json" }, quoteBody)
      ).json(),
    );
  });

  test("a chunked body that is not JSON: 400", async () => {
    const { received } = openExchange(
      sandbox.url,
      head("POST", quote.path, {
        ...bearer,
        "Content-Type": "application/json",
        "Transfer-Encoding": "chunked",
        Connection: "close",
      }),
      Buffer.from("3\r\n{{{\r\n0\r\n\r\n"),
    );
    const answer = await received;
    expect(statusOf(answer)).toBe(400);
    expect(answer).toMatch(/\r\nX-Mock-Refusal: malformed-json\r\n/i);
  });

  test("a JSON body in any charset, chunked or not, empty or not: never a 5xx (generated)", async () => {
    const charsets = [undefined, "utf-8", "UTF8", "utf-16le", "utf-16be", "latin1", "x-bogus", '"utf-16"'];
    const types = ["application/json", "application/problem+json", "application/vnd.x+json"];
    const bodies = ["", quoteBody, ` ${quoteBody} `, "null", "[]"];
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...charsets),
        fc.constantFrom(...types),
        fc.constantFrom(...bodies),
        fc.boolean(),
        async (charset, type, body, chunked) => {
          const framing: Record<string, string> = chunked
            ? { "Transfer-Encoding": "chunked" }
            : { "Content-Length": String(Buffer.byteLength(body)) };
          const bytes = chunked
            ? `${body ? `${Buffer.byteLength(body).toString(16)}\r\n${body}\r\n` : ""}0\r\n\r\n`
            : body;
          const { received } = openExchange(
            sandbox.url,
            head("POST", quote.path, {
              ...bearer,
              "Content-Type": charset ? `${type}; charset=${charset}` : type,
              ...framing,
              Connection: "close",
            }),
            Buffer.from(bytes),
          );
          const answer = await received;
          expect(statusOf(answer), answer).toBeLessThan(500);
        },
      ),
      { seed: 42, numRuns: 60 },
    );
    await stillServes(sandbox.url);
  });

  test.each([
    ["two Content-Lengths that differ", { "Content-Length": [2, 3] }],
    ["two equal Content-Lengths", { "Content-Length": [2, 2] }],
    ["Content-Length with Transfer-Encoding", { "Content-Length": 2, "Transfer-Encoding": "chunked" }],
  ])("%s: a 400 with a JSON body, and the connection closes", async (_name, lengths) => {
    const lines = Object.entries(lengths).flatMap(([k, v]) =>
      (Array.isArray(v) ? v : [v]).map((x) => `${k}: ${x}\r\n`),
    );
    const raw =
      `POST ${quote.path} HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer t\r\n` +
      `Content-Type: application/json\r\n${lines.join("")}\r\n{}`;
    const { received } = openExchange(sandbox.url, raw);
    expectFlatRefusal(await received, 400);
    await stillServes(sandbox.url);
  });

  test("an unknown method: a 400 with a JSON body", async () => {
    const { received } = openExchange(sandbox.url, head("BREW", rfiTarget, bearer));
    expectFlatRefusal(await received, 400);
  });

  test("headers larger than Node takes: a 431 with a JSON body", async () => {
    const { received } = openExchange(
      sandbox.url,
      head("GET", rfiTarget, { ...bearer, "X-Padding": "x".repeat(20_000) }),
    );
    expectFlatRefusal(await received, 431);
  });

  test("pipelined requests are answered in order on one connection", async () => {
    const first = head("GET", rfiTarget, bearer);
    const second =
      head("POST", quote.path, {
        ...bearer,
        "Content-Type": "application/json",
        "Content-Length": Buffer.byteLength(quoteBody),
      }) + quoteBody;
    const third = head("GET", "/v1/no-such-route", { ...bearer, Connection: "close" });
    const { received } = openExchange(sandbox.url, first + second + third);
    expect(answersIn(await received).map(([status]) => status)).toEqual([200, 201, 404]);
  });

  test("a socket cut mid-body: no answer owed, and the mock serves on", async () => {
    for (const base of [sandbox.url, production.url]) {
      const signed = signedHeaders(creds, "POST", quote.path, quoteBody);
      const { socket, received } = openExchange(
        base,
        head("POST", quote.path, { ...bearer, ...signed, "Content-Type": "application/json", "Content-Length": 1000 }),
        Buffer.from(quoteBody.slice(0, 10)),
      );
      await new Promise((r) => setTimeout(r, 50));
      socket.destroy();
      await received;
    }
    await stillServes(sandbox.url);
    const signed = signedHeaders(creds, "GET", rfiTarget);
    expect((await rawRequest(production.url, "GET", rfiTarget, signed)).status).toBe(200);
  });

  test("both mock processes are still running", async () => {
    for (const mock of [sandbox, production])
      expect(await Promise.race([mock.exited, new Promise((r) => setTimeout(r, 0, "running"))])).toBe("running");
  });
});
