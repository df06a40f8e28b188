// The mock's front in-process over real sockets, with a stand-in for Prism that records what reached it: how it
// reads a request (the target, Host), whom it lets through (signatures in production, bearer tokens on portfolio
// routes and in sandbox, replays), what it reads of the body and when (100-continue only after authentication, the
// bound, JSON and forms Prism would fail on), and what it answers itself (the envelope, the refusal and failure
// headers, the log line). Prism itself is not needed: what the front decides happens before it.
import { randomBytes } from "node:crypto";
import http from "node:http";
import net from "node:net";
import fc from "fast-check";
import { afterEach, describe, expect, test } from "vitest";
import { parseKeys } from "../../src/mock/auth/keys.ts";
import {
  type AcceptedRequest,
  createFront,
  FAILURE_HEADER,
  type FrontOptions,
  MAX_BODY_BYTES,
  REFUSAL_HEADER,
  type RunningFront,
  startFront,
} from "../../src/mock/front.ts";
import { MAX_JSON_DEPTH } from "../../src/mock/request/json.ts";
import { signRequest } from "../../src/signing/signRequest.ts";
import { connectOutcome } from "../helpers/loopback.ts";

const ACCESS_KEY = "AK_front";
const SECRET = randomBytes(32).toString("base64url");
const keys = parseKeys({ [ACCESS_KEY]: SECRET }, "test keys");
const PORTFOLIO_TOKEN = "pt-0123456789abcdef";
const SANDBOX_TOKEN = "sb-0123456789abcdef";
const QUOTE = "/v1/portfolios/pf-1/conversions/quote";

const fronts: RunningFront[] = [];
/** A stand-in for Prism that answers 204 with nothing. */
const nothing = async () => ({ status: 204, headers: {} });
afterEach(async () => void (await Promise.all(fronts.splice(0).map((f) => f.close()))));

interface Started {
  front: RunningFront;
  passed: AcceptedRequest[];
  refused: string[];
}

/** A front whose "Prism" answers 299 with X-Prism and records each accepted request. */
async function started(options: Partial<FrontOptions> = {}): Promise<Started> {
  const passed: AcceptedRequest[] = [];
  const refused: string[] = [];
  const front = await startFront({
    prism: async () => ({ status: 299, headers: { "X-Prism": "1" }, body: "from prism" }),
    keys,
    portfolioTokens: new Set([PORTFOLIO_TOKEN]),
    onRefused: (line) => refused.push(line),
    handle: async (accepted) => {
      passed.push(accepted);
      return false;
    },
    ...options,
  });
  fronts.push(front);
  return { front, passed, refused };
}

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  // biome-ignore lint/suspicious/noExplicitAny: answer bodies are JSON read field by field
  json: any;
  text: string;
}

function send(
  front: RunningFront,
  method: string,
  path: string,
  headers: Record<string, string | number> = {},
  body: string | Buffer = "",
  agent: http.Agent | false = false,
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: "127.0.0.1", port: front.port, method, path, headers, agent }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (d) => chunks.push(d));
      res.on("end", () => {
        const text = Buffer.concat(chunks).toString();
        let json: unknown;
        try {
          json = JSON.parse(text);
        } catch {}
        resolve({ status: res.statusCode!, headers: res.headers, json, text });
      });
    });
    req.on("error", reject);
    req.end(body);
  });
}

/** Signature headers for a request, at `time`. */
function signed(method: string, path: string, body: string | Buffer = "", time = new Date()) {
  return signRequest({ accessKey: ACCESS_KEY, secretKey: SECRET, method, path, body, time }).headers;
}

/** Raw bytes in, everything the front answered until it closed the connection. */
function raw(front: RunningFront, talk: (socket: net.Socket, received: () => string) => void): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(front.port, "127.0.0.1");
    let received = "";
    socket.on("data", (d) => (received += d));
    socket.on("error", reject);
    socket.on("close", () => resolve(received));
    socket.on("connect", () => talk(socket, () => received));
  });
}

describe("creating a front", () => {
  test("needs Prism's listener, and keys in production", () => {
    // @ts-expect-error: `prism` is required; a caller in plain JavaScript can still leave it out.
    expect(() => createFront({ keys })).toThrow(
      "The signature front needs `prism`, the mocker that answers what it accepts.",
    );
    expect(() => createFront({ prism: nothing })).toThrow("The signature front needs keys in production mode.");
    expect(() => createFront({ prism: nothing, keys: new Map() })).toThrow(/needs keys/);
    expect(createFront({ prism: nothing, auth: "sandbox" }).server).toBeInstanceOf(http.Server);
  });
});

describe("production: signatures", () => {
  test("a signed request passes with its path, query, body and access key", async () => {
    const { front, passed, refused } = await started();
    const body = '{"a":1}';
    const path = "/v1/customers/c1/conversions/quote";
    const answer = await send(
      front,
      "POST",
      `${path}?x=1`,
      { ...signed("POST", path, body), "Content-Type": "application/json" },
      body,
    );
    expect(answer).toMatchObject({ status: 299, text: "from prism" });
    expect(passed).toHaveLength(1);
    expect(passed[0]).toMatchObject({ method: "POST", path, query: "x=1", accessKey: ACCESS_KEY });
    expect(Buffer.from(passed[0]!.body).toString()).toBe(body);
    expect(refused).toEqual([]);
  });

  test("no signature, a wrong one, another body: 401 naming the failure, nothing passed", async () => {
    const { front, passed, refused } = await started();
    const path = "/v1/customers/c1/rfi-cases";
    const none = await send(front, "GET", path);
    expect(none.status).toBe(401);
    expect(none.headers[FAILURE_HEADER.toLowerCase()]).toBe("missing-authorization");
    expect(none.json).toMatchObject({ status: 401 });
    const mismatch = await send(
      front,
      "POST",
      path,
      { ...signed("POST", path, "{}"), "Content-Type": "application/json" },
      "[]",
    );
    expect(mismatch.status).toBe(401);
    expect(mismatch.headers[FAILURE_HEADER.toLowerCase()]).toBe("signature-mismatch");
    expect(passed).toEqual([]);
    expect(refused.at(-1)).toBe(`401 signature-mismatch POST ${path} (access key ${ACCESS_KEY})`);
    expect(refused[0]).toMatch(new RegExp(`^401 \\S+ GET ${path}$`));
  });

  test("a signature outside the window is refused; the window is the front's setting", async () => {
    const path = "/v1/x";
    const old = new Date(Date.now() - 120_000);
    const strict = await started({ windowSeconds: 60 });
    expect((await send(strict.front, "GET", path, signed("GET", path, "", old))).status).toBe(401);
    const wide = await started({ windowSeconds: 600 });
    expect((await send(wide.front, "GET", path, signed("GET", path, "", old))).status).toBe(299);
  });

  test("a signature from the future is refused past the allowance; now is the front's clock", async () => {
    const path = "/v1/x";
    const at = new Date("2026-11-27T09:00:00Z");
    const ahead = new Date(at.getTime() + 30_000);
    const lenient = await started({ now: () => at, futureSeconds: 60 });
    expect((await send(lenient.front, "GET", path, signed("GET", path, "", ahead))).status).toBe(299);
    const tight = await started({ now: () => at, futureSeconds: 5 });
    expect((await send(tight.front, "GET", path, signed("GET", path, "", ahead))).status).toBe(401);
  });

  test("a write's signature buys one request; reads repeat; replay: allow lets writes repeat", async () => {
    const path = "/v1/customers/c1/external-accounts";
    const json = { "Content-Type": "application/json" };
    const reject = await started();
    for (const method of ["POST", "PUT", "PATCH", "DELETE"]) {
      // A DELETE carries no body here (Node's client frames one oddly).
      const body = method === "DELETE" ? "" : "{}";
      const headers = { ...signed(method, path, body), ...json };
      expect((await send(reject.front, method, path, headers, body)).status, method).toBe(299);
      const again = await send(reject.front, method, path, headers, body);
      expect(again.status, method).toBe(401);
      expect(again.headers[FAILURE_HEADER.toLowerCase()]).toBe("replayed-signature");
    }
    for (const method of ["GET", "OPTIONS"]) {
      const headers = signed(method, path);
      expect((await send(reject.front, method, path, headers)).status).toBe(299);
      expect((await send(reject.front, method, path, headers)).status).toBe(299);
    }
    const head = signed("HEAD", path);
    expect((await send(reject.front, "HEAD", path, head)).status).toBe(299);
    expect((await send(reject.front, "HEAD", path, head)).status).toBe(299);
    const allow = await started({ replay: "allow" });
    const headers = { ...signed("POST", path, "{}"), ...json };
    expect((await send(allow.front, "POST", path, headers, "{}")).status).toBe(299);
    expect((await send(allow.front, "POST", path, headers, "{}")).status).toBe(299);
  });
});

describe("bearer tokens", () => {
  test("portfolio routes take the portfolio token, not a signature, in production", async () => {
    const { front, passed } = await started();
    expect((await send(front, "POST", QUOTE, { Authorization: `Bearer ${PORTFOLIO_TOKEN}` })).status).toBe(299);
    expect(passed.at(-1)?.accessKey).toBeUndefined();
    const wrong = await send(front, "POST", QUOTE, { Authorization: "Bearer nope" });
    expect(wrong.status).toBe(401);
    expect((await send(front, "POST", QUOTE, signed("POST", QUOTE))).status).toBe(401);
  });

  test("with no portfolio tokens set, portfolio routes pass without one", async () => {
    const { front } = await started({ portfolioTokens: undefined });
    expect((await send(front, "POST", QUOTE)).status).toBe(299);
  });

  test("sandbox: customer routes take the sandbox tokens, no signature", async () => {
    const { front, refused } = await started({ auth: "sandbox", sandboxTokens: new Set([SANDBOX_TOKEN]) });
    expect((await send(front, "GET", "/v1/x", { Authorization: `Bearer ${SANDBOX_TOKEN}` })).status).toBe(299);
    const wrong = await send(front, "GET", "/v1/x", { Authorization: "Bearer nope" });
    expect(wrong.status).toBe(401);
    expect(refused.at(-1)).toMatch(/^401 \S+ GET \/v1\/x$/);
    const open = await started({ auth: "sandbox" });
    expect((await send(open.front, "GET", "/v1/x")).status).toBe(299);
  });

  test("production ignores sandbox tokens: a customer route needs its signature", async () => {
    const { front } = await started({ sandboxTokens: new Set([SANDBOX_TOKEN]) });
    expect((await send(front, "GET", "/v1/x", { Authorization: `Bearer ${SANDBOX_TOKEN}` })).status).toBe(401);
  });
});

describe("reading the request", () => {
  test("a target that would not reach Prism as signed is 400 with its refusal, before authentication", async () => {
    const { front, passed, refused } = await started();
    const answer = await send(front, "GET", "/v1/a/../b");
    expect(answer.status).toBe(400);
    expect(answer.headers[REFUSAL_HEADER.toLowerCase()]).toBe("dot-segment");
    expect(answer.json.detail).toMatch(/^The request target .+; send the path exactly as signed\.$/);
    expect(passed).toEqual([]);
    expect(refused).toEqual(["400 dot-segment GET /v1/a/../b"]);
  });

  test("a refused path is logged cut at 200 characters, escaped", async () => {
    const { front, refused } = await started();
    for (const length of [199, 200, 201]) {
      const path = `/v1/x/../${"a".repeat(length - 9)}`;
      await send(front, "GET", path);
      expect(refused.at(-1)).toBe(`400 dot-segment GET ${length > 200 ? `${path.slice(0, 200)}…` : path}`);
    }
    await raw(front, (s) => s.end('GET /v1/"/../x HTTP/1.1\r\nHost: h\r\n\r\n'));
    expect(refused.at(-1)).toBe('400 dot-segment GET /v1/\\"/../x');
  });

  test("HTTP/1.1 without Host is 400 in the envelope; HTTP/1.0 needs none", async () => {
    const { front } = await started({ auth: "sandbox" });
    const answer = await raw(front, (s) => s.end("GET /v1/x HTTP/1.1\r\n\r\n"));
    expect(answer).toMatch(/^HTTP\/1\.1 400 /);
    expect(answer).toContain(`${REFUSAL_HEADER}: missing-host`);
    expect(answer).toContain("An HTTP/1.1 request needs a Host header.");
    expect(await raw(front, (s) => s.end("GET /v1/x HTTP/1.0\r\n\r\n"))).toMatch(/^HTTP\/1\.1 299 /);
  });

  test("a body over the bound is 400 body-too-large", async () => {
    const { front } = await started({ auth: "sandbox" });
    const answer = await raw(front, (s) =>
      s.end(`POST /v1/x HTTP/1.1\r\nHost: h\r\nContent-Length: ${MAX_BODY_BYTES + 1}\r\n\r\n`),
    );
    expect(answer).toMatch(/^HTTP\/1\.1 400 /);
    expect(answer).toContain(`${REFUSAL_HEADER}: body-too-large`);
    expect(answer).toContain(`larger than the mock's limit of ${MAX_BODY_BYTES} bytes`);
  });

  test("JSON too deep or not JSON is 400; at the depth bound, or not declared JSON, it passes", async () => {
    const { front, passed } = await started({ auth: "sandbox" });
    const json = { "Content-Type": "application/json" };
    const deep = `${"[".repeat(MAX_JSON_DEPTH + 1)}${"]".repeat(MAX_JSON_DEPTH + 1)}`;
    const tooDeep = await send(front, "POST", "/v1/x", json, deep);
    expect(tooDeep.headers[REFUSAL_HEADER.toLowerCase()]).toBe("json-too-deep");
    expect(tooDeep.json.detail).toBe(`The JSON body nests deeper than ${MAX_JSON_DEPTH} levels.`);
    const malformed = await send(front, "POST", "/v1/x", json, "{");
    expect(malformed.headers[REFUSAL_HEADER.toLowerCase()]).toBe("malformed-json");
    expect(malformed.json.detail).toBe("The request body is not valid JSON.");
    const atBound = `${"[".repeat(MAX_JSON_DEPTH)}${"]".repeat(MAX_JSON_DEPTH)}`;
    expect((await send(front, "POST", "/v1/x", json, atBound)).status).toBe(299);
    expect((await send(front, "POST", "/v1/x", { "Content-Type": "text/plain" }, "{")).status).toBe(299);
    expect((await send(front, "POST", "/v1/x", json)).status).toBe(299);
    expect(passed).toHaveLength(3);
  });

  test("a form Prism would crash on is 400 malformed-form", async () => {
    const { front } = await started({ auth: "sandbox" });
    const answer = await send(
      front,
      "POST",
      "/v1/x",
      { "Content-Type": "application/x-www-form-urlencoded" },
      "a%zz=1",
    );
    expect(answer.status).toBe(400);
    expect(answer.headers[REFUSAL_HEADER.toLowerCase()]).toBe("malformed-form");
    expect(answer.json.detail).toMatch(/^The form body has a part without a well-formed Content-Disposition/);
    expect(
      (await send(front, "POST", "/v1/x", { "Content-Type": "application/x-www-form-urlencoded" }, "a=1")).status,
    ).toBe(299);
  });
});

describe("100-continue", () => {
  const expectContinue = (front: RunningFront, headers: string, body: string) =>
    raw(front, (socket, got) => {
      socket.write(
        `POST /v1/customers/c1/external-accounts HTTP/1.1\r\nHost: h\r\n${headers}Content-Length: ${body.length}\r\n` +
          "Expect: 100-continue\r\nConnection: close\r\n\r\n",
      );
      socket.on("data", () => {
        if (/^HTTP\/1\.1 100 Continue\r\n\r\n$/.test(got())) socket.write(body);
      });
    });

  test("is sent only after authentication; a refused request gets its 401 without it", async () => {
    const { front } = await started();
    const path = "/v1/customers/c1/external-accounts";
    const headers = signed("POST", path, "{}");
    const good = await expectContinue(
      front,
      `Authorization: ${headers.Authorization}\r\nX-SVC-Date: ${headers["X-SVC-Date"]}\r\nContent-Type: application/json\r\n`,
      "{}",
    );
    expect(good).toMatch(/^HTTP\/1\.1 100 Continue\r\n\r\nHTTP\/1\.1 299 /);
    const bad = await expectContinue(front, "", "{}");
    expect(bad).toMatch(/^HTTP\/1\.1 401 /);
  });

  test("another expectation is 417 in the envelope", async () => {
    const { front } = await started({ auth: "sandbox" });
    const answer = await raw(front, (s) => s.end("GET /v1/x?y HTTP/1.1\r\nHost: h\r\nExpect: something\r\n\r\n"));
    expect(answer).toMatch(/^HTTP\/1\.1 417 /);
    expect(answer).toContain("The mock meets no expectation but 100-continue.");
    expect(answer).toContain('"instance":"/v1/x"');
  });
});

describe("failures and hooks", () => {
  test("a failure in a hook is a 500 naming its kind, the connection closed, and the front keeps serving", async () => {
    const { front } = await started({
      auth: "sandbox",
      handle: async () => {
        throw new RangeError("secret detail");
      },
    });
    // A client that would keep the connection: the 500 closes it.
    const agent = new http.Agent({ keepAlive: true });
    for (const _ of [1, 2]) {
      const answer = await send(front, "GET", "/v1/x?q=1", {}, "", agent);
      expect(answer.status).toBe(500);
      expect(answer.headers.connection).toBe("close");
      expect(answer.json).toMatchObject({ status: 500 });
      expect(answer.json.detail).toBe("The mock's front failed on this request (RangeError).");
      expect(answer.text).not.toContain("secret detail");
      expect(answer.text).toContain("/v1/x");
      expect(answer.text).not.toContain("q=1");
    }
    agent.destroy();
  });

  test("a failure after the answer started cuts the connection", async () => {
    const { front } = await started({
      auth: "sandbox",
      handle: async (_accepted, res) => {
        res.writeHead(200, { "Content-Length": "10" });
        res.write("12345");
        throw new Error("half way");
      },
    });
    // Cut, not answered again: whatever of the 200 arrived, no 500 follows it.
    const answer = await raw(front, (s) => s.write("GET /v1/x HTTP/1.1\r\nHost: h\r\n\r\n"));
    expect(answer).not.toContain(" 500 ");
  });

  test("serveFirst answers before authentication; false goes on", async () => {
    const { front, passed } = await started({
      serveFirst: async (_req, res, { path }) => {
        if (path !== "/first") return false;
        res.writeHead(288).end();
        return true;
      },
    });
    expect((await send(front, "GET", "/first")).status).toBe(288);
    expect((await send(front, "GET", "/v1/x")).status).toBe(401);
    expect(passed).toEqual([]);
  });

  test("serveFirst takes a path whose only problem is its trailing slashes, with the query read without them", async () => {
    const seen: { path: string; query: string }[] = [];
    const { front } = await started({
      serveFirst: async (_req, res, { path, query }) => {
        seen.push({ path, query });
        if (!path.startsWith("/__mock")) return false;
        res.writeHead(288).end();
        return true;
      },
    });
    expect((await send(front, "GET", "/__mock/?a=1")).status).toBe(288);
    expect((await send(front, "GET", "/__mock//")).status).toBe(288);
    expect(seen).toEqual([
      { path: "/__mock/", query: "a=1" },
      { path: "/__mock//", query: "" },
    ]);
    // Declined, or a problem the slashes do not explain: refused as any such path is, and the latter never offered.
    const declined = await send(front, "GET", "/v1/customers/");
    expect([declined.status, declined.headers[REFUSAL_HEADER.toLowerCase()]]).toEqual([400, "empty-segment"]);
    for (const path of ["/__mock//x/", "/__mock/./", "//", "/__mock/#x"])
      expect((await raw(front, (s) => s.end(`GET ${path} HTTP/1.1\r\nHost: h\r\n\r\n`))).slice(0, 12)).toBe(
        "HTTP/1.1 400",
      );
    expect(seen.map((x) => x.path)).toEqual(["/__mock/", "/__mock//", "/v1/customers/"]);
  });

  test("without serveFirst a path ending in a slash is refused", async () => {
    const { front } = await started({ auth: "sandbox" });
    const answer = await send(front, "GET", "/__mock/");
    expect([answer.status, answer.headers[REFUSAL_HEADER.toLowerCase()]]).toEqual([400, "empty-segment"]);
  });

  test("serveFirst's invite sends 100 Continue to a client that waits, on either path", async () => {
    const { front } = await started({
      serveFirst: async (req, res, { invite }) => {
        invite();
        let body = "";
        for await (const chunk of req) body += chunk;
        res.writeHead(288, { "Content-Length": Buffer.byteLength(body) }).end(body);
        return true;
      },
    });
    for (const path of ["/__mock/reset", "/__mock/reset/"]) {
      const answer = await raw(front, (socket, got) => {
        socket.write(`POST ${path} HTTP/1.1\r\nHost: h\r\nContent-Length: 2\r\nExpect: 100-continue\r\n`);
        socket.write("Connection: close\r\n\r\n");
        socket.on("data", () => {
          if (/^HTTP\/1\.1 100 Continue\r\n\r\n$/.test(got())) socket.write("{}");
        });
        // A front that never invites: the client gives up waiting.
        setTimeout(() => socket.end(), 2000).unref();
      });
      expect(answer, path).toMatch(/^HTTP\/1\.1 100 Continue\r\n\r\nHTTP\/1\.1 288 [\s\S]*\r\n\r\n\{\}$/);
    }
  });

  test("GET / and /openapi.json are the home's, when there is one; every other path goes on", async () => {
    const home = { about: { mock: "front test" }, document: import.meta.filename };
    const { front } = await started({ auth: "sandbox", home });
    const about = await send(front, "GET", "/");
    expect([about.status, about.json.mock]).toEqual([200, "front test"]);
    expect((await send(front, "GET", "/v1/x")).status).toBe(299);
    const without = await started({ auth: "sandbox" });
    expect((await send(without.front, "GET", "/")).status).toBe(299);
  });

  test("Prism's headers are written but for the connection's own and those with no value", async () => {
    const { front } = await started({
      auth: "sandbox",
      prism: async () => ({
        status: 299,
        headers: { "X-Kept": "1", "Keep-Alive": "timeout=1", CONNECTION: "upgrade", "X-Nothing": undefined },
        body: "b",
      }),
    });
    const answer = await send(front, "GET", "/v1/x");
    expect(answer.status).toBe(299);
    expect(answer.headers["x-kept"]).toBe("1");
    expect(answer.headers["keep-alive"]).not.toBe("timeout=1");
    expect(answer.headers.connection).not.toBe("upgrade");
    expect("x-nothing" in answer.headers).toBe(false);
  });

  test("a handler that answers keeps the request from Prism", async () => {
    const { front } = await started({
      auth: "sandbox",
      handle: async (_accepted, res) => {
        res.writeHead(277).end();
        return true;
      },
    });
    const answer = await send(front, "GET", "/v1/x");
    expect(answer.status).toBe(277);
    expect(answer.headers["x-prism"]).toBeUndefined();
  });
});

describe("connections", () => {
  test("a connection idle past the timeout is closed; one being answered is not", async () => {
    let release: () => void = () => {};
    const { front } = await started({
      auth: "sandbox",
      idleTimeoutMs: 100,
      handle: async (_accepted, res) => {
        await new Promise<void>((resolve) => (release = resolve));
        res.writeHead(266).end();
        return true;
      },
    });
    // Silent after one byte: closed by the idle timeout, with nothing answered.
    expect(await raw(front, (s) => s.write("G"))).toBe("");
    // A request being answered slowly outlives several idle timeouts.
    const slow = raw(front, (s) => s.write("GET /v1/x HTTP/1.1\r\nHost: h\r\nConnection: close\r\n\r\n"));
    const quiet = await raw(front, (s) => s.write("G"));
    expect(quiet).toBe("");
    await raw(front, (s) => s.write("G"));
    release();
    expect(await slow).toMatch(/^HTTP\/1\.1 266 /);
  });

  test("the front's limits: first byte, connections held", async () => {
    const { front } = await started({ auth: "sandbox", firstByteTimeoutMs: 50, maxConnections: 1 });
    // A silent connection is closed after the first-byte timeout.
    expect(await raw(front, () => {})).toBe("");
  });

  test("close ends open connections and stops listening", async () => {
    // An idle timeout longer than any test: only close can end the connection.
    const { front } = await started({ auth: "sandbox", idleTimeoutMs: 600_000 });
    const socket = net.connect(front.port, "127.0.0.1");
    socket.on("error", () => {});
    const closed = new Promise<void>((resolve) => socket.once("close", () => resolve()));
    await new Promise<void>((resolve) => socket.once("connect", () => resolve()));
    socket.write("G");
    await front.close();
    fronts.length = 0;
    await closed;
    await expect(fetch(front.url)).rejects.toThrow();
  });
});

test("any request the front passes on reaches Prism with the path and body it authenticated", async () => {
  const { front, passed } = await started();
  await fc.assert(
    fc.asyncProperty(
      fc.array(fc.stringMatching(/^[a-z0-9-]{1,8}$/), { minLength: 1, maxLength: 4 }),
      fc.uint8Array({ maxLength: 256 }),
      async (segments, body) => {
        const path = `/v1/${segments.join("/")}`;
        const bytes = Buffer.from(body);
        const headers = { ...signed("PUT", path, bytes), "Content-Type": "application/octet-stream" };
        expect((await send(front, "PUT", path, headers, bytes)).status).toBe(299);
        expect(passed.at(-1)?.path).toBe(path);
        expect(Buffer.from(passed.at(-1)!.body).equals(bytes)).toBe(true);
      },
    ),
    { seed: 81, numRuns: 30 },
  );
});

describe("listening, and what Node would answer itself", () => {
  test("on 127.0.0.1 only, on the port asked for; a port in use rejects", async () => {
    const probe = net.createServer();
    await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", () => resolve()));
    const port = (probe.address() as net.AddressInfo).port;
    await expect(startFront({ prism: nothing, auth: "sandbox", port })).rejects.toMatchObject({ code: "EADDRINUSE" });
    await new Promise((resolve) => probe.close(resolve));
    const front = await startFront({ prism: nothing, auth: "sandbox", port });
    fronts.push(front);
    expect(front).toMatchObject({ port, url: `http://127.0.0.1:${port}` });
    // Not on the IPv6 loopback (nor any other address).
    expect(await connectOutcome(port, "::1")).not.toBe("connected");
  });

  test("a request line Node cannot parse is 400 in the envelope (Node's own has no body)", async () => {
    const { front } = await started({ auth: "sandbox" });
    const answer = await raw(front, (s) => s.write("NOT HTTP\r\n\r\n"));
    expect(answer).toMatch(/^HTTP\/1\.1 400 /);
    expect(answer).toContain("application/json");
    expect(answer).toMatch(/"status":400/);
  });

  test("a client that half-closes after its request still gets the answer", async () => {
    // Prism answers after the client's end has arrived: Node's default would have closed the socket by then.
    const { front } = await started({
      auth: "sandbox",
      prism: async () => {
        await new Promise((r) => setTimeout(r, 100));
        return { status: 299, headers: {}, body: "late" };
      },
    });
    const answer = await raw(front, (s) => s.end("GET /v1/x HTTP/1.1\r\nHost: h\r\n\r\n"));
    expect(answer).toMatch(/^HTTP\/1\.1 299 /);
  });

  test("without a log the refusals are the same", async () => {
    const { front } = await started({ onRefused: undefined });
    expect((await send(front, "GET", "/v1/a/../b")).status).toBe(400);
    expect((await send(front, "GET", "/v1/x")).status).toBe(401);
  });

  test("an empty multipart upload reaches Prism (a form parser has nothing to fail on)", async () => {
    const { front, passed } = await started({ auth: "sandbox" });
    const path = "/v1/customers/c1/rfi-cases/k1/submissions";
    const answer = await send(front, "POST", path, { "Content-Type": "multipart/form-data; boundary=b" });
    expect(answer.status).toBe(299);
    expect(passed.at(-1)?.path).toBe(path);
  });
});
