// Prism as a library behind the front (src/mock/prism/mocker.ts) against Prism's own HTTP server on the same operations,
// both in this process, over HTTP: for every request of the operation fixtures and of every mutation class the
// negative suite derives from the document (missing parameters, broken bodies, wrong types, unknown paths and
// methods, ...), with and without `Prefer`, the same status and the same headers, and the same body for every success;
// an error's body is the front's description of the request instead (its rules: described.test.ts), and a 405 adds
// the Allow header Prism leaves out. A failure in Prism answers 500 in the path's envelope and the mock serves on.
import { spawn } from "node:child_process";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { type Mocker, REFUSAL_HEADER, startFront, type RunningFront } from "../../src/mock/front.ts";
import { operations } from "../fixtures/operations.ts";
import { loadBundle } from "../helpers/document.ts";
import { freePort, stopChild } from "../helpers/processes.ts";
import { rawRequest, type RawAnswer } from "./hardening/raw.ts";
import { mutants } from "./mutations.ts";
import { prismInProcess } from "./prismInProcess.ts";
import { bearer, type Wire, wireOf } from "./support.ts";

let inProcess: Awaited<ReturnType<typeof prismInProcess>>;
let front: RunningFront;
beforeAll(async () => {
  inProcess = await prismInProcess();
  front = await startFront({ prism: inProcess.mocker, auth: "sandbox" });
});
afterAll(async () => {
  await front?.close();
  await inProcess?.close();
});

/** Headers of the connection and of the moment differ between any two servers; the rest must not. */
const CONNECTION = new Set(["date", "connection", "keep-alive", "transfer-encoding"]);
/** An error's body is the front's own: its length and type with it. */
const BODY = new Set(["content-length", "content-type"]);
const comparable = (a: RawAnswer) => ({
  status: a.status,
  headers: Object.fromEntries(
    Object.entries(a.headers).filter(
      ([k]) => !CONNECTION.has(k) && !(a.status >= 400 && (BODY.has(k) || k === "allow")),
    ),
  ),
  text: a.status >= 400 ? "" : a.text,
});

const target = (w: Wire) => `${w.path}${w.query ? `?${w.query}` : ""}`;
const body = (w: Wire) => (w.body === undefined ? undefined : Buffer.from(w.body as string | Uint8Array));

/**
 * The front's answer, compared with Prism's own server's; undefined when the front refused the request before Prism
 * (a body Prism would never answer or would crash on: the front's own checks, frontInProcess.test.ts).
 */
async function sameAsPrism(w: Wire) {
  const handed = await rawRequest(front.url, w.method, target(w), w.headers, body(w));
  if (handed.headers[REFUSAL_HEADER.toLowerCase()]) return undefined;
  const direct = await rawRequest(inProcess.url, w.method, target(w), w.headers, body(w));
  const where = `${w.method} ${target(w)} (${direct.status})`;
  expect(comparable(handed), where).toEqual(comparable(direct));
  if (handed.status >= 400 && w.method !== "HEAD") expect(handed.headers["content-type"], where).toMatch(/json/);
  if (handed.status === 405) expect(handed.headers.allow, where).toMatch(/^[A-Z]+(, [A-Z]+)*$/);
  return handed;
}

const fixtures = operations.map((c) => bearer(wireOf(c)));
const negative = mutants(loadBundle()).map((m) => bearer(m.afterAuth ? m.afterAuth(m.wire) : m.wire));

describe("Prism as a library behind the front answers as Prism's own server", () => {
  test.each(fixtures.map((w) => [`${w.method} ${w.path}`, w] as const))(
    "%s: a request the document takes",
    async (_, w) => {
      expect((await sameAsPrism(w))?.status).toBeLessThan(300);
    },
  );

  test(`${negative.length} requests the document refuses, of every mutation class`, async () => {
    const statuses: number[] = [];
    for (const w of negative) {
      const answer = await sameAsPrism(w);
      if (answer) statuses.push(answer.status);
    }
    // Most reach Prism, which refuses them in more than one way: validation, credentials, routing.
    expect(statuses.length).toBeGreaterThan(negative.length * 0.8);
    expect(new Set(statuses.filter((s) => s >= 400)).size).toBeGreaterThan(2);
  });

  test.each([
    ["a status the operation has", "code=400"],
    ["a status it lacks", "code=418"],
    ["a code that is not one", "code=abc"],
    ["an example by name", "example=nope"],
    ["dynamic answers off", "dynamic=false"],
    ["a bare token", "dynamic"],
  ])("Prefer: %s", async (_, prefer) => {
    let compared = 0;
    for (const w of fixtures.slice(0, 6))
      if (await sameAsPrism({ ...w, headers: { ...w.headers, Prefer: prefer } })) compared++;
    // sameAsPrism compares only what the front lets through to Prism: most of these must get there.
    expect(compared).toBeGreaterThan(3);
  });

  test("the same preferences as Prism's query parameters", async () => {
    const w = fixtures[0]!;
    let compared = 0;
    const queries = ["__code=400", "__code=x", "__example=nope", "__code=404&__code=500", "__dynamic=true&__dynamic=x"];
    for (const q of queries) if (await sameAsPrism({ ...w, query: w.query ? `${w.query}&${q}` : q })) compared++;
    expect(compared).toBe(queries.length);
  });

  test.each([
    ["HEAD", "HEAD"],
    ["a method the path lacks", "DELETE"],
    ["OPTIONS without a preflight", "OPTIONS"],
  ])("%s", async (_, method) => {
    const answer = await sameAsPrism({ ...fixtures[0]!, method, body: undefined });
    expect(answer?.status).toBe(405);
    expect(answer?.headers.allow).toBe("GET, POST");
  });

  test("a browser's preflight", async () => {
    const answer = await sameAsPrism({
      method: "OPTIONS",
      path: fixtures[0]!.path,
      headers: { Origin: "http://127.0.0.1:3000", "Access-Control-Request-Method": "POST" },
    });
    expect(answer?.status).toBe(204);
  });
});

describe("a failure in Prism", () => {
  const token = { Authorization: "Bearer sandbox-token" };

  test("a rejection or a throw: 500 in the path's envelope, and the front serves on", async () => {
    const failing = await startFront({
      auth: "sandbox",
      prism: ((request) => {
        if (request.path.startsWith("/v2/")) return Promise.reject(new Error("boom"));
        if (request.path.startsWith("/v1/portfolios/")) throw new TypeError("boom");
        return Promise.resolve({ status: 200, headers: {}, body: "fine" });
      }) satisfies Mocker,
    });
    try {
      expect((await rawRequest(failing.url, "GET", "/v1/portfolio", token)).text).toBe("fine");
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
