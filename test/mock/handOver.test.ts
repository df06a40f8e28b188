// The in-process hand-over (src/mock/prism/handOver.ts): the front in this process handing accepted requests to
// Prism's listener gives what Prism over HTTP gives (its own server, in this process too), plus Allow on a 405, with
// an error's body rewritten to describe the request (its rules: described.test.ts); a throw in Prism answers 500 in
// the path's envelope and the process keeps serving.
import { spawn } from "node:child_process";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { operations } from "../fixtures/operations.ts";
import { startFront, type RunningFront } from "../../src/mock/front.ts";
import { freePort, stopChild } from "../helpers/processes.ts";
import { rawRequest, type RawAnswer } from "./hardening/raw.ts";
import { prismInProcess } from "./prismInProcess.ts";
import { wireOf } from "./support.ts";

let inProcess: Awaited<ReturnType<typeof prismInProcess>>;
let front: RunningFront;
beforeAll(async () => {
  inProcess = await prismInProcess();
  front = await startFront({ prism: inProcess.listener, auth: "sandbox" });
});
afterAll(async () => {
  await front?.close();
  await inProcess?.close();
});

/**
 * Connection-level and per-answer headers differ between any two servers; the rest must not. An error's body (and so
 * its length and type) is the front's description of the request, not Prism's.
 */
const CONNECTION = new Set(["date", "connection", "keep-alive", "transfer-encoding"]);
const BODY = new Set(["content-length", "content-type"]);
const comparable = (a: RawAnswer) => ({
  status: a.status,
  headers: Object.fromEntries(
    Object.entries(a.headers).filter(([k]) => !CONNECTION.has(k) && !(a.status >= 400 && BODY.has(k))),
  ),
  text: a.status >= 400 ? "" : a.text,
});

const op = (id: string) => wireOf(operations.find((o) => o.operationId === id)!);
const token = { Authorization: "Bearer sandbox-token" };

describe("hand-over to Prism's listener in-process", () => {
  const listRfi = op("listRfiCases");
  const quote = op("createQuote");
  const upload = op("uploadBusinessDocument");
  test.each([
    ["GET with a query", "GET", `${listRfi.path}?${listRfi.query}`, token, undefined],
    ["POST JSON", "POST", quote.path, { ...token, ...quote.headers }, quote.body],
    ["raw-bytes upload", "PUT", upload.path, { ...token, ...upload.headers }, Buffer.from(upload.body as Uint8Array)],
    ["a path the document lacks (404)", "GET", "/v1/no-such-route", token, undefined],
    ["HEAD", "HEAD", `${listRfi.path}?${listRfi.query}`, token, undefined],
    ["a request Prism refuses (no token, 401)", "GET", `${listRfi.path}?${listRfi.query}`, {}, undefined],
  ])("%s: same status, headers and body as Prism over HTTP", async (_name, method, target, headers, body) => {
    const [direct, handed] = await Promise.all([
      rawRequest(inProcess.url, method, target, headers, body as never),
      rawRequest(front.url, method, target, headers, body as never),
    ]);
    expect(direct.status).not.toBe(500);
    if (handed.status >= 400 && method !== "HEAD") expect(handed.headers["content-type"]).toMatch(/json/);
    // Prism has no HEAD routes of its own (the document gives none): a 405, where the front adds Allow.
    if (direct.status === 405) expect(handed.headers.allow).toMatch(/GET/);
    const { allow, ...headersHanded } = comparable(handed).headers;
    expect({
      ...comparable(handed),
      headers: direct.status === 405 ? headersHanded : comparable(handed).headers,
    }).toEqual(comparable(direct));
  });

  test("a 405 is Prism's, with the Allow header added", async () => {
    const hedge = op("executeQuote").path;
    const [direct, handed] = await Promise.all([
      rawRequest(inProcess.url, "DELETE", hedge, token),
      rawRequest(front.url, "DELETE", hedge, token),
    ]);
    expect(direct.status).toBe(405);
    expect(direct.headers.allow).toBeUndefined();
    expect(handed.headers.allow).toBe("POST");
    const { allow, ...rest } = comparable(handed).headers;
    expect({ ...comparable(handed), headers: rest }).toEqual(comparable(direct));
  });
});

describe("a throw in Prism", () => {
  test("a listener's throw: 500, and the front serves on", async () => {
    const failing = await startFront({
      auth: "sandbox",
      prism: (req, res) => {
        if (req.url!.startsWith("/v2/")) return Promise.reject(new Error("boom")) as never;
        if (req.url!.startsWith("/v1/portfolios/")) throw new TypeError("boom");
        res.end("fine");
      },
    });
    try {
      const flat = await rawRequest(failing.url, "GET", "/v1/portfolio", token);
      expect(flat.text).toBe("fine");
      const portfolio = await rawRequest(failing.url, "GET", "/v1/portfolios/p1/conversions/hedge", {
        Authorization: "Bearer t",
      });
      expect(portfolio.status).toBe(500);
      expect(portfolio.json().error.code).toBe("INTERNAL_ERROR");
      const v2 = await rawRequest(failing.url, "GET", "/v2/accounts", token);
      expect(v2.status).toBe(500);
      expect(v2.json().errors[0].type).toBe("INTERNAL_ERROR");
      expect((await rawRequest(failing.url, "GET", "/v1/again", token)).text).toBe("fine");
    } finally {
      await failing.close();
    }
  });

  test("uncaught throws: 500, and the process lives on", async () => {
    // In a process of its own: here the test runner would take the throw for a failure of its own.
    const port = await freePort();
    const child = spawn(
      process.execPath,
      ["--import", "tsx", path.join(import.meta.dirname, "fixtures/throwingPrism.ts"), String(port)],
      { stdio: ["ignore", "pipe", "pipe"] },
    );
    let out = "";
    child.stdout!.on("data", (d) => (out += d));
    child.stderr!.on("data", (d) => (out += d));
    try {
      await new Promise<void>((resolve, reject) => {
        child.stdout!.on("data", () => out.includes("listening") && resolve());
        child.once("exit", (code) => reject(new Error(`exited with ${code}:\n${out}`)));
      });
      const base = `http://127.0.0.1:${port}`;
      for (const kind of ["callback", "promise", "callback"]) {
        const answer = await rawRequest(base, "GET", `/v1/customers/c1/${kind}`, token);
        expect(answer.status).toBe(500);
        expect(answer.json()).toMatchObject({ code: "00000000", status: 500, instance: `/v1/customers/c1/${kind}` });
      }
      expect((await rawRequest(base, "GET", "/v1/customers/c1/fine", token)).text).toBe("fine");
      expect(child.exitCode).toBeNull();
      expect(out).toContain("Prism failed on GET /v1/customers/c1/callback");
    } finally {
      await stopChild(child);
    }
  });
});
