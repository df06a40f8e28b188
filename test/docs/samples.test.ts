// The operations' code samples (openapi/code_samples/, x-codeSamples): every operation has a TypeScript and
// a cURL sample, the bundle carries their text, every TypeScript sample is in the program `npm run typecheck`
// checks, and every sample, run as written against the Prism mock, calls its own operation and gets a 2xx.
import { execFile, spawnSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import ts from "typescript";
import { afterAll, beforeAll, describe, expect, test, vi } from "vitest";
import { listOperations, loadBundle } from "../helpers/document.ts";
import { startPrism, type RunningServer } from "../helpers/prism.ts";

const root = path.resolve(import.meta.dirname, "../..");
const samplesDir = path.join(root, "openapi/code_samples");
const doc = loadBundle();
const operations = listOperations(doc).map((o) => {
  const stem = o.path.slice(1).replace(/\//g, "_");
  return {
    ...o,
    name: `${o.method.toUpperCase()} ${o.path}`,
    portfolio: o.path.startsWith("/v1/portfolios/"),
    tsFile: path.join(samplesDir, "TypeScript", stem, `${o.method}.ts`),
    shFile: path.join(samplesDir, "curl", stem, `${o.method}.sh`),
    // The path template as a pattern of the request path (each {parameter} one segment).
    pathPattern: new RegExp(`^${o.path.replace(/[.*+?^$()|[\]\\]/g, "\\$&").replace(/\\?\{[^}]+\\?\}/g, "[^/]+")}$`),
  };
});
const read = (file: string) => readFileSync(file, "utf8");
const curl = spawnSync("curl", ["--version"]).status === 0;

/** The sample's one curl call to the mock: its method (absent for GET) and its path. */
const CURL_CALL = new RegExp(
  String.raw`^curl -sS --fail-with-body (?:-X ([A-Z]+) )?"\$\{BASE_URL:-http:\/\/127\.0\.0\.1:4010\}` +
    String.raw`([^"?]*)(?:\?[^"]*)?"`,
  "m",
);

describe("every operation has its samples", () => {
  test("each operation has TypeScript, then cURL", () => {
    expect(operations).toHaveLength(23);
    for (const { name, op, tsFile, shFile } of operations) {
      expect(op["x-codeSamples"], name).toEqual([
        { lang: "TypeScript", label: "TypeScript", source: read(tsFile) },
        { lang: "Shell", label: "cURL", source: read(shFile) },
      ]);
    }
  });

  test("every sample file belongs to an operation", () => {
    const expected = new Set(operations.flatMap((o) => [o.tsFile, o.shFile]));
    const found = ["TypeScript", "curl"].flatMap((lang) =>
      readdirSync(path.join(samplesDir, lang), { recursive: true, withFileTypes: true })
        .filter((e) => e.isFile())
        .map((e) => path.join(e.parentPath, e.name)),
    );
    expect(found.filter((f) => !expected.has(f))).toEqual([]);
    expect(found).toHaveLength(expected.size);
  });

  test("npm run typecheck checks every TypeScript sample", () => {
    const { config } = ts.readConfigFile(path.join(root, "tsconfig.json"), ts.sys.readFile);
    const { fileNames, errors } = ts.parseJsonConfigFileContent(config, ts.sys, root);
    expect(errors).toEqual([]);
    const checked = new Set(fileNames.map((f) => path.resolve(f)));
    expect(operations.filter((o) => !checked.has(o.tsFile)).map((o) => o.name)).toEqual([]);
  });

  test.each(operations)("$name: TypeScript imports the package, env credentials", ({ tsFile, portfolio }) => {
    const source = read(tsFile);
    expect(source).toMatch(/^import \{[^}]*\bcreateClient\b[^}]*\} from "financial-operations-api";$/m);
    expect(source).toContain('baseUrl: process.env.BASE_URL ?? "http://127.0.0.1:4010"');
    expect(source).toContain(
      portfolio ? "portfolioToken: process.env.PORTFOLIO_TOKEN!" : "bearerToken: process.env.SANDBOX_TOKEN!",
    );
  });

  test.each(operations)(
    "$name: cURL sends its method, path and token",
    ({ method, pathPattern, shFile, portfolio }) => {
      const source = read(shFile);
      const call = CURL_CALL.exec(source);
      expect(call, "one curl call against $BASE_URL (default http://127.0.0.1:4010)").not.toBeNull();
      expect(call![1] ?? "GET").toBe(method.toUpperCase());
      expect(call![2]).toMatch(pathPattern);
      expect(source).toContain(`-H "Authorization: Bearer $${portfolio ? "PORTFOLIO_TOKEN" : "SANDBOX_TOKEN"}"`);
    },
  );

  // Bearer tokens come from the environment; no HMAC key anywhere.
  test("no sample carries a secret", () => {
    for (const { tsFile, shFile } of operations) {
      for (const source of [read(tsFile), read(shFile)]) {
        expect(source).not.toMatch(/Service-HMAC|secretKey|accessKey|Bearer [A-Za-z0-9]/);
      }
    }
  });
});

/**
 * For the describe block it is called in: the samples' environment and working directory (read when its tests
 * start), a quiet console, and `fetch` as `wrap` makes it from the real one. Stubbed, not assigned: vitest runs
 * other files in this process after this one (isolate: false).
 */
function samplesSee(
  where: () => { env: Record<string, string>; cwd: string },
  wrap: (realFetch: typeof fetch) => typeof fetch,
) {
  beforeAll(() => {
    const { env, cwd } = where();
    for (const [name, value] of Object.entries(env)) vi.stubEnv(name, value);
    process.chdir(cwd);
    vi.stubGlobal("fetch", wrap(globalThis.fetch));
    vi.spyOn(console, "log").mockImplementation(() => {});
  });

  afterAll(() => {
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
    vi.unstubAllEnvs();
    process.chdir(root);
  });
}

describe("every sample, run as written against the mock, gets a 2xx", () => {
  let prism: RunningServer;
  let workDir: string;
  const env = () => ({ BASE_URL: prism.url, SANDBOX_TOKEN: "sandbox-token", PORTFOLIO_TOKEN: "portfolio-token" });
  const where = () => ({ env: env(), cwd: workDir });

  beforeAll(async () => {
    prism = await startPrism();
    // The upload samples send ./memorandum.pdf.
    workDir = mkdtempSync(path.join(os.tmpdir(), "samples-"));
    writeFileSync(path.join(workDir, "memorandum.pdf"), "%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\n%%EOF\n");
  });

  afterAll(async () => {
    await prism?.stop();
    if (workDir) rmSync(workDir, { recursive: true, force: true });
  });

  describe("cURL samples (sh, as the docs say to run them)", () => {
    // .ci/run installs it where missing.
    test("curl is installed", () => {
      expect(curl, "curl is not on PATH: install it (apt-get install -y curl) to run the cURL samples").toBe(true);
    });
    test.each(operations)("$name", async ({ shFile }) => {
      const { code, stdout, stderr } = await new Promise<{ code: number; stdout: string; stderr: string }>((resolve) =>
        execFile("sh", [shFile], { cwd: workDir, env: { PATH: process.env.PATH, ...env() } }, (err, stdout, stderr) =>
          resolve({ code: err ? Number((err as { code?: number }).code ?? 1) : 0, stdout, stderr }),
        ),
      );
      // --fail-with-body: exit 22 on an HTTP status of 400 or more.
      expect({ code, stderr }, stdout).toEqual({ code: 0, stderr: "" });
    });
  });

  describe("TypeScript samples (imported in this process, every request recorded)", () => {
    const sent: { sample: string; method: string; path: string; status: number }[] = [];
    let current = "";

    samplesSee(where, (realFetch) => async (input, init) => {
      const request = new Request(input, init);
      const response = await realFetch(input, init);
      sent.push({
        sample: current,
        method: request.method,
        path: new URL(request.url).pathname,
        status: response.status,
      });
      return response;
    });

    test.each(operations)("$name", async ({ name, method, pathPattern, tsFile }) => {
      current = name;
      await import(pathToFileURL(tsFile).href);
      const mine = sent.filter((s) => s.sample === name);
      expect(
        mine.some((s) => s.method === method.toUpperCase() && pathPattern.test(s.path)),
        "the sample calls its own operation",
      ).toBe(true);
      for (const s of mine) {
        expect(s.status, `${s.method} ${s.path}`).toBeGreaterThanOrEqual(200);
        expect(s.status).toBeLessThan(300);
      }
    });
  });

  describe("TypeScript samples, answered with an error", () => {
    // What a reader copies is what the sample does on failure too: it throws, and the message says which request.
    samplesSee(
      where,
      () => async () =>
        Response.json({ code: "00010000", status: 403, detail: "Denied.", trace_id: "t-1" }, { status: 403 }),
    );

    test.each(operations)("$name throws an error naming the request", async ({ method, tsFile }) => {
      const failed = await import(`${pathToFileURL(tsFile).href}?answered=403`).then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(failed).toBeInstanceOf(Error);
      const request = `[${method.toUpperCase()}] "${prism.url}/`;
      expect((failed as Error).message.slice(0, request.length)).toBe(request);
      expect((failed as Error).message).toContain("Denied.");
    });
  });

  test("a TypeScript sample runs with tsx as documented", async () => {
    const tsx = createRequire(import.meta.url).resolve("tsx");
    const sample = operations.find((o) => o.operationId === "getConversion")!.tsFile;
    const result = await new Promise<{ err: Error | null; stdout: string; stderr: string }>((resolve) =>
      execFile(
        process.execPath,
        ["--import", tsx, sample],
        // The package name means its source here (tsconfig.json's paths), not dist/, which a clean clone has not built.
        {
          cwd: workDir,
          env: {
            PATH: process.env.PATH,
            TSX_TSCONFIG_PATH: fileURLToPath(new URL("../../tsconfig.json", import.meta.url)),
            ...env(),
          },
        },
        (err, stdout, stderr) => resolve({ err, stdout, stderr }),
      ),
    );
    expect(result.err, result.stderr).toBeNull();
    expect(result.stdout).toContain("executed quote");
  });
});
