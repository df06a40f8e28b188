// Issue 23, the smaller findings: `100 Continue` was sent before authentication (inviting the body of a
// request about to be refused); HTTP/1.1 without Host got Node's 400 with an empty body; a connection that
// sends nothing was never closed; and the front's own 500 on a /v2 or portfolio path was flat while the rest of
// the mock answered there in the path's envelope (now asserted where Prism throws, test/mock/prismLibrary.test.ts).
import net from "node:net";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { startFront } from "../../../src/mock/front.ts";
import { rawRequest, signedHeaders, startMockPair } from "./raw.ts";
import { bodyOf, head, openExchange, statusOf } from "./socket.ts";

let mock: Awaited<ReturnType<typeof startMockPair>>;
beforeAll(async () => {
  mock = await startMockPair();
});
afterAll(async () => mock?.stop());

const hedgePath = "/v1/customers/c1/conversions/hedge";
const hedge = JSON.stringify({ quote_id: "3f1c9a52-7b4e-4d2a-9c8f-1e2d3c4b5a69" });

describe("Expect: 100-continue", () => {
  test("an unsigned POST gets its 401, never a 100 Continue first", async () => {
    const { received } = openExchange(
      mock.production.url,
      head("POST", hedgePath, {
        "Content-Type": "application/json",
        "Content-Length": hedge.length,
        Expect: "100-continue",
      }),
      undefined,
      3_000,
    );
    const text = await received;
    expect(text).not.toMatch(/100 Continue/);
    expect(statusOf(text)).toBe(401);
    expect(JSON.parse(bodyOf(text))).toMatchObject({ code: "00010000" });
  });

  test("a signed POST: 100 Continue, then its answer", async () => {
    const headers = {
      ...signedHeaders(mock.creds, "POST", hedgePath, hedge),
      "Content-Length": hedge.length,
      Expect: "100-continue",
      Connection: "close",
    };
    const { received, socket } = openExchange(mock.production.url, head("POST", hedgePath, headers), undefined, 5_000);
    let text = "";
    await new Promise<void>((resolve) =>
      socket.on("data", (d) => {
        text += d.toString("latin1");
        if (text.includes("100 Continue")) resolve();
      }),
    );
    socket.write(hedge);
    const all = await received;
    expect(all.startsWith("HTTP/1.1 100 Continue")).toBe(true);
    expect(all).toMatch(/HTTP\/1\.1 201 /);
  });
});

test("HTTP/1.1 without Host: 400 in the JSON envelope of the path", async () => {
  const { received } = openExchange(
    mock.production.url,
    "GET /v2/accounts/a1/businesses HTTP/1.1\r\n\r\n",
    undefined,
    3_000,
  );
  const text = await received;
  expect(statusOf(text)).toBe(400);
  expect(JSON.parse(bodyOf(text))).toEqual({
    errors: [{ type: "INVALID_REQUEST", description: expect.stringMatching(/Host/) }],
  });
});

describe("idle connections", () => {
  test("a connection that sends nothing is closed after the idle timeout", async () => {
    const front = await startFront({ prism: mock.prism.mocker, auth: "sandbox", idleTimeoutMs: 300 });
    try {
      const socket = net.connect(front.port, "127.0.0.1");
      socket.on("error", () => {});
      const closed = await new Promise<boolean>((resolve) => {
        const timer = setTimeout(() => {
          socket.destroy();
          resolve(false);
        }, 4_000);
        socket.on("close", () => {
          clearTimeout(timer);
          resolve(true);
        });
      });
      expect(closed).toBe(true);
    } finally {
      await front.close();
    }
  });

  test("a request still being answered is not cut by the idle timeout", async () => {
    // A Prism that takes four idle timeouts to answer.
    const front = await startFront({
      prism: async () => {
        await new Promise((resolve) => setTimeout(resolve, 1_200));
        return { status: 200, headers: {}, body: '{"ok":true}' };
      },
      auth: "sandbox",
      idleTimeoutMs: 300,
    });
    try {
      const answer = await rawRequest(front.url, "GET", "/v1/customers/c1/rfi-cases", { Authorization: "Bearer t" });
      expect(answer.status).toBe(200);
    } finally {
      await front.close();
    }
  });
});
