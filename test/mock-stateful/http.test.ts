// The stateful mode plugged into the front (src/mock/stateful/http.ts), in-process over real sockets: the control
// API served first (refused from the head with the connection closed, 100-continue only once the gate passed, the
// body bounded and its depth checked, a failure answered), and the handler (answers, drops, passes on, failures in
// the envelope). A stand-in mock records what it is handed where the point is what the front gives it.
import { randomBytes } from "node:crypto";
import http from "node:http";
import net from "node:net";
import fc from "fast-check";
import { afterEach, describe, expect, test } from "vitest";
import { parseKeys } from "../../src/mock/auth/keys.ts";
import { type RunningFront, startFront } from "../../src/mock/front.ts";
import { MAX_JSON_DEPTH } from "../../src/mock/request/json.ts";
import { controlServer, headersOf, statefulFrontOptions, statefulHandler } from "../../src/mock/stateful/http.ts";
import { createStatefulMock, DROP, type StatefulMock, type StatefulRequest } from "../../src/mock/stateful/index.ts";
import { CONTROL_LIMITS } from "../../src/mock/stateful/limits.ts";
import { BEARER, C, quoteBody } from "./support.ts";

const fronts: RunningFront[] = [];
/** Requests that reached "Prism" (the front's pass-on), by path: nothing the stateful mode answered may. */
const reachedPrism: string[] = [];
afterEach(async () => {
  await Promise.all(fronts.splice(0).map((f) => f.close()));
  reachedPrism.length = 0;
});

/** A sandbox front with `options` plugged in; what reaches "Prism" answers 404 with X-Prism. */
async function front(options: Parameters<typeof startFront>[0] extends infer O ? Partial<O> : never) {
  const f = await startFront({
    prism: async (request) => {
      reachedPrism.push(request.query ? `${request.path}?${request.query}` : request.path);
      return { status: 404, headers: { "X-Prism": "1" } };
    },
    auth: "sandbox",
    keys: parseKeys({ "AK-http": randomBytes(32).toString("base64url") }, "test keys"),
    ...options,
  });
  fronts.push(f);
  return f;
}

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  text: string;
}

function request(
  f: RunningFront,
  method: string,
  path: string,
  headers: Record<string, string | number> = {},
  body = "",
  agent: http.Agent | false = false,
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: "127.0.0.1", port: f.port, method, path, headers, agent }, (res) => {
      let text = "";
      res.on("data", (d) => (text += d));
      res.on("end", () => resolve({ status: res.statusCode!, headers: res.headers, text }));
    });
    req.on("error", reject);
    req.end(body);
  });
}

/** Raw bytes to the front; resolves with all it answered once it closed the connection. */
function raw(f: RunningFront, send: (socket: net.Socket, received: () => string) => void): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(f.port, "127.0.0.1");
    let received = "";
    socket.on("data", (d) => (received += d));
    socket.on("error", reject);
    socket.on("close", () => resolve(received));
    socket.on("connect", () => send(socket, () => received));
  });
}

const json = { "content-type": "application/json" };

describe("headersOf", () => {
  test("lower-cases names and joins repeats with ', ', as Node's req.headers does", () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.tuple(fc.constantFrom("X-A", "x-a", "X-B", "Host", "accept"), fc.stringMatching(/^[a-z0-9]{0,6}$/)),
        ),
        (pairs) => {
          const want: Record<string, string> = {};
          for (const [name, value] of pairs) {
            const key = name.toLowerCase();
            want[key] = key in want ? `${want[key]}, ${value}` : value;
          }
          expect(headersOf(pairs.flat())).toEqual(want);
        },
      ),
      { seed: 51, numRuns: 200 },
    );
  });

  test("a name without a value is left out", () => {
    expect(headersOf(["A", "1", "B"])).toStrictEqual({ a: "1" });
  });
});

describe("the handler", () => {
  test("answers what the stateful mock keeps, in JSON with its length; passes the rest on", async () => {
    const f = await front(statefulFrontOptions(await createStatefulMock()));
    const created = await request(
      f,
      "POST",
      `${C}/conversions/quote`,
      { ...BEARER, ...json },
      JSON.stringify(quoteBody()),
    );
    expect(created.status).toBe(201);
    expect(created.headers["content-type"]).toBe("application/json");
    expect(Number(created.headers["content-length"])).toBe(Buffer.byteLength(created.text));
    expect(JSON.parse(created.text).quote_id).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );
    const passed = await request(f, "GET", "/v1/not-kept-here", BEARER);
    expect(passed).toMatchObject({ status: 404, headers: { "x-prism": "1" } });
    expect(reachedPrism).toEqual(["/v1/not-kept-here"]);
  });

  test("hands the mock the request as the front read it, with the port it came in on", async () => {
    const seen: StatefulRequest[] = [];
    const mock = {
      handle: async (r: StatefulRequest) => {
        seen.push(r);
        return { status: 204, headers: { "X-Seen": "1" } };
      },
    } as unknown as StatefulMock;
    const f = await front({ handle: statefulHandler(mock) });
    const answer = await request(f, "PUT", "/v1/x?a=1", { ...BEARER, ...json, "X-Twice": "1" }, "{}");
    // No body: no Content-Type or Content-Length of its own, the reply's headers as given.
    expect(answer).toMatchObject({ status: 204, text: "", headers: { "x-seen": "1" } });
    expect(answer.headers["content-type"]).toBeUndefined();
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatchObject({ method: "PUT", path: "/v1/x", query: "a=1", localPort: f.port });
    expect(seen[0]!.headers["x-twice"]).toBe("1");
    expect(Buffer.from(seen[0]!.body).toString()).toBe("{}");
    expect(reachedPrism).toEqual([]);
  });

  test("a drop closes the connection with no answer at all", async () => {
    const mock = { handle: async () => DROP } as unknown as StatefulMock;
    const f = await front({ handle: statefulHandler(mock) });
    const received = await raw(f, (s) =>
      s.write(`GET /v1/x HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer t\r\n\r\n`),
    );
    expect(received).toBe("");
    expect(reachedPrism).toEqual([]);
  });

  test("a failure inside the mock is a 500 in the envelope naming it, and the front keeps serving", async () => {
    let calls = 0;
    const mock = {
      handle: async () => {
        calls++;
        throw new Error("store broke");
      },
    } as unknown as StatefulMock;
    const f = await front({ handle: statefulHandler(mock) });
    for (const _ of [1, 2]) {
      const answer = await request(f, "GET", "/v1/x", BEARER);
      expect(answer.status).toBe(500);
      expect(answer.headers["content-type"]).toBe("application/json");
      expect(JSON.parse(answer.text)).toMatchObject({ status: 500, detail: "Stateful mock failure: store broke" });
    }
    expect(calls).toBe(2);
    expect(reachedPrism).toEqual([]);
  });
});

describe("the control API, served first", () => {
  // A control call is answered here, whatever its outcome: never passed on.
  afterEach(() => expect(reachedPrism.filter((p) => p.startsWith("/__mock/"))).toEqual([]));

  async function controlFront(options: Parameters<typeof createStatefulMock>[0] = {}) {
    const mock = await createStatefulMock({ control: true, ...options });
    return { mock, f: await front(statefulFrontOptions(mock)) };
  }

  test("not a control path: the front goes on (authentication, then the handler or Prism)", async () => {
    const { f } = await controlFront();
    expect((await request(f, "GET", "/__mockx", BEARER)).headers["x-prism"]).toBe("1");
  });

  test("refused from the head: the gate's answer, and the connection closes", async () => {
    const { mock, f } = await controlFront();
    // A client that would keep the connection: the refusal closes it all the same.
    const agent = new http.Agent({ keepAlive: true });
    try {
      const refused = await request(f, "POST", "/__mock/faults", { "content-type": "text/plain" }, "{}", agent);
      expect(refused.status).toBe(415);
      expect(refused.headers.connection).toBe("close");
      const foreign = await request(f, "GET", "/__mock/requests", { host: "evil.example" }, "", agent);
      expect(foreign.status).toBe(403);
      expect(foreign.headers.connection).toBe("close");
      // A call the gate lets through keeps it.
      const passed = await request(f, "GET", "/__mock/requests", {}, "", agent);
      expect(passed.status).toBe(200);
      expect(passed.headers.connection).toBe("keep-alive");
    } finally {
      agent.destroy();
    }
    expect(mock.faults.size).toBe(0);
  });

  test("100-continue is sent only to a call the gate let through", async () => {
    const { mock, f } = await controlFront();
    const body = JSON.stringify({ kind: "drop-before", path: "/nowhere" });
    const head =
      `POST /__mock/faults HTTP/1.1\r\nHost: 127.0.0.1:${f.port}\r\nContent-Type: application/json\r\n` +
      `Content-Length: ${body.length}\r\nExpect: 100-continue\r\nConnection: close\r\n\r\n`;
    const received = await raw(f, (socket, got) => {
      socket.write(head);
      socket.on("data", () => {
        if (/^HTTP\/1\.1 100 Continue\r\n\r\n$/.test(got())) socket.write(body);
      });
    });
    expect(received).toMatch(/^HTTP\/1\.1 100 Continue\r\n\r\nHTTP\/1\.1 201 /);
    expect(mock.faults.size).toBe(1);
  });

  test("a body past the bound, undeclared, is 413 with the connection closed", async () => {
    const { f } = await controlFront();
    const received = await raw(f, (socket) => {
      socket.write(
        `POST /__mock/faults HTTP/1.1\r\nHost: 127.0.0.1:${f.port}\r\nContent-Type: application/json\r\n` +
          "Transfer-Encoding: chunked\r\n\r\n",
      );
      const chunk = "a".repeat(CONTROL_LIMITS.bodyBytes + 1);
      socket.write(`${chunk.length.toString(16)}\r\n${chunk}\r\n0\r\n\r\n`);
    });
    expect(received).toMatch(/^HTTP\/1\.1 413 /);
    expect(received).toMatch(/\r\nConnection: close\r\n/i);
    expect(received).toContain(`A control body is at most ${CONTROL_LIMITS.bodyBytes} bytes.`);
  });

  test("a caller that stops sending mid-body reaches nothing: Node's 400, then the connection closes", async () => {
    const { mock, f } = await controlFront();
    const received = await raw(f, (socket) => {
      socket.write(
        `POST /__mock/faults HTTP/1.1\r\nHost: 127.0.0.1:${f.port}\r\nContent-Type: application/json\r\n` +
          'Content-Length: 100\r\n\r\n{"kind":',
      );
      socket.end();
    });
    expect(received).toMatch(/^HTTP\/1\.1 400 /);
    expect(mock.faults.size).toBe(0);
  });

  test("a body nested deeper than the bound is a 400 naming it", async () => {
    const { f } = await controlFront();
    const deep = `${"[".repeat(MAX_JSON_DEPTH + 1)}${"]".repeat(MAX_JSON_DEPTH + 1)}`;
    const answer = await request(f, "POST", "/__mock/faults", json, deep);
    expect(answer.status).toBe(400);
    expect(JSON.parse(answer.text)).toEqual({ error: `The control body nests deeper than ${MAX_JSON_DEPTH} levels.` });
    const shallow = `${"[".repeat(MAX_JSON_DEPTH)}${"]".repeat(MAX_JSON_DEPTH)}`;
    // At the bound it reaches the control API, which reads it as a fault (and refuses it as one).
    expect((await request(f, "POST", "/__mock/faults", json, shallow)).text).not.toContain("nests deeper");
  });

  test("a failure inside the control API is a 500 naming the error's kind only", async () => {
    const real = await createStatefulMock({ control: true });
    const mock = {
      ...real,
      isControlPath: real.isControlPath,
      admitControl: real.admitControl,
      control: () => {
        throw new RangeError("secret detail");
      },
    } as unknown as StatefulMock;
    const f = await front({ serveFirst: controlServer(mock) });
    const answer = await request(f, "GET", "/__mock/requests");
    expect(answer.status).toBe(500);
    expect(JSON.parse(answer.text)).toEqual({ error: "Control API failure: RangeError." });
  });

  test("the gate reads the port the call came in on, and the method the request line gave", async () => {
    const heads: unknown[] = [];
    const real = await createStatefulMock({ control: true });
    const mock = {
      ...real,
      isControlPath: real.isControlPath,
      admitControl: (head: unknown) => {
        heads.push(head);
        return real.admitControl(head as Parameters<StatefulMock["admitControl"]>[0]);
      },
      control: real.control,
    } as unknown as StatefulMock;
    const f = await front({ serveFirst: controlServer(mock) });
    expect((await request(f, "GET", "/__mock/requests")).status).toBe(200);
    expect(heads).toMatchObject([{ method: "GET", localPort: f.port }]);
  });
});
