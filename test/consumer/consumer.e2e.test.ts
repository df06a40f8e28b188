// The package as a consumer gets it: the tarball `npm pack` made (test/helpers/e2eArtifacts.ts), checked by publint and
// @arethetypeswrong/cli, then installed with npm into a fresh project per runtime (Node 20, 22, 24, Bun, Deno),
// where an ES module and a CommonJS module sign and send requests to a local verifying server, upload raw
// bytes, load the document's subpaths, the fo-sign bin prints a signature, and the declarations compile under
// a consumer's strict settings. Runtimes run one after another; every process is bounded in time.
import { execFile } from "node:child_process";
import { randomBytes, createHash } from "node:crypto";
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { build } from "esbuild";
import { publint } from "publint";
import { formatMessage } from "publint/utils";
import { afterAll, beforeAll, describe, expect, inject, test } from "vitest";
import { signRequest } from "../../src/signing/index.ts";
import { decodeSecretKey } from "../../src/signing/secret.ts";
import { npmCli, runtimes, type Runtime } from "./runtimes.ts";
import { startVerifyingServer, type VerifyingServer } from "./server.ts";

const root = path.resolve(import.meta.dirname, "../..");
const projectFiles = path.join(import.meta.dirname, "project");
const require = createRequire(import.meta.url);
const pkg = JSON.parse(readFileSync(path.join(root, "package.json"), "utf8")) as { name: string; version: string };

/** min+gzip bytes that `import { createClient }` from the package may add to an app, openapi-fetch included.
 * About 6.5 KB after the hardening of issue 12 (redirect, size and body-time bounds, input checks, KeyObject);
 * 4.7 KB after the performance work of issue 15, whose target is 4.5 KB (4,608 B); 5.16 KB after issue 23, whose
 * client refuses a path that would not reach the server as signed, with the rules it shares with the mock
 * (about 450 B); 5.51 KB after issue 25: the error family (the base class and its Symbol.for brand, the
 * ofetch-style request label, InvalidOptionError naming the option of each check: about 250 B) and error results
 * that carry what was sent (about 100 B); 5.88 KB after issue 29: the signing ledger, so that no retry or repeated
 * write sends a signature twice (about 280 B; signWithLedger stays outside the client, which signs its own way). */
const CLIENT_SIZE_BUDGET = 5_900;
/** The files the tarball may hold: the build, the bundled document and Postman files, and the package's texts. */
const SHIPPED = new RegExp(
  String.raw`^(dist\/.+\.(mjs|cjs|d\.mts|d\.cts)|generated\/openapi\.(json|yaml)|generated\/postman\/[\w.-]+\.json|` +
    String.raw`README\.md|CHANGELOG\.md|LICENSE|package\.json)$`,
);

const ACCESS_KEY = "AK_consumer";
const SECRET_KEY = randomBytes(32).toString("base64url");
const UPLOAD = randomBytes(300_001);
const UPLOAD_SHA256 = createHash("sha256").update(UPLOAD).digest("hex");
// The fo-sign vector of test/mock/cli.test.ts (computed with openssl, not with this project's code).
const CLI_VECTOR = {
  env: { FO_ACCESS_KEY: "AK_vector_1", FO_SECRET_KEY: "-_-_ABEiM0RVZneImaq7zN3u_wEjRWeJq83v----_6A" },
  args: [
    "POST",
    "/v1/customers/c0ffee00-0000-4000-8000-000000000001/conversions/hedge",
    "--body",
    '{"quote_id":"3f1c9a52-7b4e-4d2a-9c8f-1e2d3c4b5a69"}',
    "--time",
    "20261121T093000Z",
  ],
  signature: "66e1475e620952370139023c7ef91977756c1cfda8061a5e9bf2b749d89d1436",
};
const STEP_TIMEOUT = 120_000;

interface Result {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** The environment of every child: no npm variables of the `npm test` that runs this, no telemetry. */
function childEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [k, v] of Object.entries(process.env)) {
    if (/^(npm_|node_options$|init_cwd$|force_color$|vitest)/i.test(k)) continue;
    env[k] = v;
  }
  return {
    ...env,
    DO_NOT_TRACK: "1",
    NO_UPDATE_NOTIFIER: "1",
    NPM_CONFIG_UPDATE_NOTIFIER: "false",
    DENO_NO_UPDATE_CHECK: "1",
    NO_COLOR: "1",
    ...extra,
  };
}

function exec(argv: string[], cwd: string, env: NodeJS.ProcessEnv = childEnv()): Promise<Result> {
  const [cmd, ...args] = argv as [string, ...string[]];
  return new Promise((resolve) => {
    execFile(
      cmd,
      args,
      { cwd, env, timeout: STEP_TIMEOUT, killSignal: "SIGKILL", maxBuffer: 32 * 1024 * 1024 },
      (err, stdout, stderr) =>
        resolve({ code: err ? (typeof err.code === "number" ? err.code : null) : 0, stdout, stderr }),
    );
  });
}

const npm = npmCli();
/** npm run by the given Node, so its engine checks are that Node's. */
const npmArgv = (node: string, args: string[]) => (/\.[cm]?js$/.test(npm) ? [node, npm, ...args] : [npm, ...args]);
const pathWith = (bin: string) => `${path.dirname(bin)}${path.delimiter}${process.env.PATH ?? ""}`;
const show = (r: Result) => `exit ${r.code}\n--- stdout\n${r.stdout}\n--- stderr\n${r.stderr}`;
const lastJsonLine = (out: string) => JSON.parse(out.trim().split("\n").at(-1) ?? "null");

/** A second-level section of the install guide, up to the next one. */
function readmeSection(title: string): string {
  const readme = readFileSync(path.join(root, "docs/install.md"), "utf8");
  const start = readme.indexOf(`\n## ${title}\n`);
  if (start < 0) return "";
  const rest = readme.slice(start + 1);
  const end = rest.indexOf("\n## ", 3);
  return end < 0 ? rest : rest.slice(0, end);
}

let work: string;
let tarball: string;
let server: VerifyingServer;
const seenBy = (prefix: string) => server.seen.filter((s) => s.path.includes(`/${prefix}/`));
/** What each runtime did, printed as a table at the end. */
const table = new Map<string, Record<string, string>>();
const note = (runtime: string, column: string, text: string) =>
  table.set(runtime, { ...table.get(runtime), [column]: text });

beforeAll(async () => {
  work = mkdtempSync(path.join(os.tmpdir(), "fo-consumer-"));
  server = await startVerifyingServer(new Map([[ACCESS_KEY, decodeSecretKey(SECRET_KEY)]]));
  // The tarball the tier packed before any file started (test/helpers/e2eArtifacts.ts).
  tarball = path.join(work, path.basename(inject("tarballs").client));
  cpSync(inject("tarballs").client, tarball);
}, STEP_TIMEOUT);

afterAll(async () => {
  await server?.stop();
  if (work) rmSync(work, { recursive: true, force: true });
  const columns = ["ESM import", "require", "signed request", "upload", "signing fetch", "types", "bin"];
  const cell = (cells: Record<string, string>, c: string) =>
    cells[c] ?? (c === "types" ? "(runtime-independent: tsc on node24)" : "FAILED");
  const rows = [...table].map(([name, cells]) => `| ${name} | ${columns.map((c) => cell(cells, c)).join(" | ")} |`);
  console.log(
    ["", `| runtime | ${columns.join(" | ")} |`, `|---|${columns.map(() => "---").join("|")}|`, ...rows].join("\n"),
  );
});

describe("the packed tarball", () => {
  test("holds the package and document, no tooling", async () => {
    const list = await exec(["tar", "-tzf", tarball], work);
    expect(list.code, show(list)).toBe(0);
    const files = list.stdout
      .trim()
      .split("\n")
      .map((f) => f.replace(/^package\//, ""))
      .sort();
    const bytes = readFileSync(tarball).byteLength;
    console.log(`tarball: ${files.length} files, ${bytes} B packed`);
    expect(files.filter((f) => !SHIPPED.test(f))).toEqual([]);
    for (const f of [
      "dist/index.mjs",
      "dist/index.cjs",
      "dist/index.d.mts",
      "dist/index.d.cts",
      "dist/fetch.mjs",
      "dist/fetch.cjs",
      "dist/fetch.d.mts",
      "dist/fetch.d.cts",
      "dist/signing.mjs",
      "dist/signing.cjs",
      "dist/signing.d.mts",
      "dist/signing.d.cts",
      "dist/types.d.mts",
      "dist/types.d.cts",
      "dist/cli/fo-sign.mjs",
      "generated/openapi.json",
      "generated/openapi.yaml",
      "generated/postman/financial-operations-api.postman_collection.json",
      "CHANGELOG.md",
    ]) {
      expect(files).toContain(f);
    }
  });

  test("its fo-sign bin carries the proxy and no module of the mock", async () => {
    const bin = await exec(["tar", "-xzOf", tarball, "package/dist/cli/fo-sign.mjs"], work);
    expect(bin.code, show(bin)).toBe(0);
    // The bundler marks where each source module's code begins: `//#region src/...` or `// src/...`.
    const modules = [...bin.stdout.matchAll(/^\/\/(?:#region)? (src\/\S+\.ts)$/gm)].map((m) => m[1]!);
    expect(modules).toContain("src/proxy/server.ts");
    expect(modules.filter((m) => m.startsWith("src/mock/"))).toEqual([]);
  });

  test("publint finds nothing", async () => {
    const data = readFileSync(tarball);
    const { messages, pkg: manifest } = await publint({
      pack: { tarball: data.buffer.slice(data.byteOffset, data.byteOffset + data.byteLength) as ArrayBuffer },
      level: "suggestion",
      strict: true,
    });
    expect(messages.map((m) => `${m.type}: ${formatMessage(m, manifest)}`)).toEqual([]);
  });

  // @arethetypeswrong/cli: for import and require, under node16 and bundler resolution.
  test(
    "attw: every entry point has types",
    async () => {
      const attw = path.join(path.dirname(require.resolve("@arethetypeswrong/cli/package.json")), "dist/index.js");
      // node16 profile: node10 resolution (moduleResolution "node", which reads no exports) is only checked for ".";
      // the YAML document is a file to read, not a module TypeScript resolves.
      const r = await exec(
        [
          process.execPath,
          attw,
          tarball,
          "--profile",
          "node16",
          "--exclude-entrypoints",
          "./openapi.yaml",
          "--no-definitely-typed",
          "--format",
          "json",
        ],
        work,
      );
      const report = JSON.parse(r.stdout) as {
        analysis: {
          problems: { kind: string; entrypoint: string; resolutionKind: string }[];
          entrypoints: Record<string, unknown>;
        };
      };
      expect(Object.keys(report.analysis.entrypoints).sort()).toEqual([
        ".",
        "./fetch",
        "./openapi.json",
        "./package.json",
        "./signing",
        "./types",
      ]);
      expect(report.analysis.problems.filter((p) => p.resolutionKind !== "node10" || p.entrypoint === ".")).toEqual([]);
      expect(r.code, show(r)).toBe(0);
    },
    STEP_TIMEOUT,
  );
});

describe("the local server checks signatures", () => {
  test("refuses a request signed with another secret", async () => {
    const pathname = "/api/v1/customers/control/rfi-cases";
    const signed = signRequest({
      accessKey: ACCESS_KEY,
      secretKey: randomBytes(32).toString("base64url"),
      method: "GET",
      path: pathname,
      time: new Date(),
    });
    const res = await fetch(`${server.url}${pathname}`, { headers: signed.headers });
    expect(res.status).toBe(401);
    expect(seenBy("control")).toEqual([expect.objectContaining({ verified: false, failure: "signature-mismatch" })]);
  });
});

describe.each(runtimes())("$name", (rt: Runtime) => {
  let dir: string;
  let installed: Result;
  const env = () =>
    childEnv({
      PATH: pathWith(rt.name.startsWith("node") ? rt.bin : rt.npmNode()),
      FO_CONSUMER_BASE_URL: server.url,
      FO_CONSUMER_RUN: rt.name,
      FO_ACCESS_KEY: ACCESS_KEY,
      FO_SECRET_KEY: SECRET_KEY,
    });

  beforeAll(async () => {
    if (rt.missing) return;
    dir = mkdtempSync(path.join(work, `${rt.name}-`));
    cpSync(projectFiles, dir, { recursive: true });
    writeFileSync(
      path.join(dir, "package.json"),
      JSON.stringify({ name: `consumer-${rt.name}`, version: "0.0.0", private: true, type: "module" }, null, 2),
    );
    writeFileSync(path.join(dir, "upload.bin"), UPLOAD);
    installed = await exec(
      npmArgv(rt.npmNode(), ["install", tarball, "--no-audit", "--no-fund", "--prefer-offline"]),
      dir,
      childEnv({ PATH: pathWith(rt.npmNode()) }),
    );
  }, STEP_TIMEOUT);

  test("the runtime is installed", () => {
    expect(rt.missing, rt.missing).toBeUndefined();
  });

  test("npm installs the tarball without engine warnings", () => {
    expect(installed?.code, installed && show(installed)).toBe(0);
    expect(installed.stderr + installed.stdout).not.toMatch(/EBADENGINE|Unsupported engine|devEngines/i);
  });

  test(
    "ESM: signs, uploads, loads the document",
    async () => {
      const r = await exec(rt.run("esm.mjs"), dir, env());
      expect(r.code, show(r)).toBe(0);
      const out = lastJsonLine(r.stdout);
      expect(out).toEqual({
        module: "esm",
        version: pkg.version,
        rfi: { status: 200, total: 0 },
        upload: { sent: UPLOAD.byteLength, received_bytes: UPLOAD.byteLength, received_sha256: UPLOAD_SHA256 },
        spec: { json: expect.stringMatching(/^3\.1\.\d+$/), yaml: true },
        signRequest: "19700101T000000Z",
      });
      const seen = seenBy(`${rt.name}-esm`);
      expect(seen).toEqual([
        expect.objectContaining({
          method: "GET",
          path: `/api/v1/customers/${rt.name}-esm/rfi-cases`,
          verified: true,
          bytes: 0,
        }),
        expect.objectContaining({
          method: "PUT",
          path: `/api/v2/accounts/${rt.name}-esm/businesses/sub-1/documents/MEMORANDUM_OF_ASSOCIATION`,
          verified: true,
          contentType: "application/pdf",
          bytes: UPLOAD.byteLength,
          sha256: UPLOAD_SHA256,
        }),
      ]);
      note(rt.name, "ESM import", `ok (spec ${out.spec.json}, YAML read)`);
      note(rt.name, "signed request", "GET 200, HMAC verified");
      note(rt.name, "upload", `PUT ${UPLOAD.byteLength} B, verified, SHA-256 equal`);
    },
    STEP_TIMEOUT,
  );

  test(
    "require: signs and loads the JSON document",
    async () => {
      const r = await exec(rt.run("cjs.cjs"), dir, env());
      expect(r.code, show(r)).toBe(0);
      const out = lastJsonLine(r.stdout);
      expect(out).toEqual({
        module: "cjs",
        resolved: `${pkg.name}/dist/index.cjs`,
        rfi: { status: 200, total: 0 },
        spec: { json: expect.stringMatching(/^3\.1\.\d+$/) },
      });
      expect(seenBy(`${rt.name}-cjs`)).toEqual([
        expect.objectContaining({ method: "GET", path: `/api/v1/customers/${rt.name}-cjs/rfi-cases`, verified: true }),
      ]);
      note(rt.name, "require", `ok (${out.resolved})`);
      note(
        rt.name,
        "signed request",
        `${table.get(rt.name)?.["signed request"] ?? "ESM failed"}; CJS GET 200, verified`,
      );
    },
    STEP_TIMEOUT,
  );

  // The ./fetch subpath (also named by the main entry): a signed read, an upload, another origin refused, require().
  test(
    "the signing fetch works with openapi-fetch",
    async () => {
      const r = await exec(rt.run("fetch.mjs"), dir, env());
      expect(r.code, show(r)).toBe(0);
      expect(lastJsonLine(r.stdout)).toEqual({
        module: "fetch",
        sameFunction: true,
        rfi: { status: 200, total: 0 },
        upload: { status: 200, received_bytes: UPLOAD.byteLength, received_sha256: UPLOAD_SHA256 },
        refused: "other-origin",
        require: "function",
      });
      expect(seenBy(`${rt.name}-fetch`)).toEqual([
        expect.objectContaining({
          method: "GET",
          path: `/api/v1/customers/${rt.name}-fetch/rfi-cases`,
          verified: true,
          bytes: 0,
        }),
        expect.objectContaining({
          method: "PUT",
          path: `/api/v2/accounts/${rt.name}-fetch/businesses/sub-1/documents/MEMORANDUM_OF_ASSOCIATION`,
          verified: true,
          contentType: "application/pdf",
          bytes: UPLOAD.byteLength,
          sha256: UPLOAD_SHA256,
        }),
      ]);
      note(rt.name, "signing fetch", "openapi-fetch GET + PUT verified, other origin refused");
    },
    STEP_TIMEOUT,
  );

  test(
    "fo-sign prints the openssl vector's signature",
    async () => {
      const r = await exec(
        rt.fosign(CLI_VECTOR.args),
        dir,
        childEnv({ PATH: pathWith(rt.name.startsWith("node") ? rt.bin : rt.npmNode()), ...CLI_VECTOR.env }),
      );
      expect(r.code, show(r)).toBe(0);
      expect(r.stdout).toMatch(new RegExp(`^SIGNATURE +${CLI_VECTOR.signature}$`, "m"));
      expect(r.stderr).toBe("");
      note(rt.name, "bin", `SIGNATURE ${CLI_VECTOR.signature.slice(0, 12)}... = vector`);
    },
    STEP_TIMEOUT,
  );

  if (rt.name === "node24") {
    const tsc = path.join(path.dirname(require.resolve("typescript/package.json")), "bin/tsc");
    // strict + exactOptionalPropertyTypes + noUncheckedIndexedAccess + noPropertyAccessFromIndexSignature, skipLibCheck
    // off.
    test.each(["node16", "bundler"])(
      "the declarations compile strictly, %s resolution",
      async (resolution) => {
        const r = await exec([process.execPath, tsc, "-p", `tsconfig.${resolution}.json`], dir);
        expect(r.code, show(r)).toBe(0);
        note(
          rt.name,
          "types",
          `${table.get(rt.name)?.types ? `${table.get(rt.name)?.types}, ` : "tsc "}${resolution} ok`,
        );
      },
      STEP_TIMEOUT,
    );

    // openapi-fetch included.
    test(
      `createClient costs at most ${CLIENT_SIZE_BUDGET} B min+gzip`,
      async () => {
        const size = async (contents: string) => {
          const out = await build({
            stdin: { contents, resolveDir: dir, loader: "js" },
            bundle: true,
            minify: true,
            format: "esm",
            platform: "node",
            target: "es2022",
            write: false,
            logLevel: "error",
          });
          return gzipSync(out.outputFiles[0]!.contents, { level: 9 }).byteLength;
        };
        const client = await size(`export { createClient } from "${pkg.name}";`);
        const openapiFetch = await size(`export { default as createClient } from "openapi-fetch";`);
        console.log(
          `size: import { createClient } ${client} B min+gzip; openapi-fetch alone ${openapiFetch} B ` +
            `(${(client / openapiFetch).toFixed(2)}x); budget ${CLIENT_SIZE_BUDGET} B`,
        );
        expect(openapiFetch).toBeGreaterThan(1000);
        expect(client).toBeLessThanOrEqual(CLIENT_SIZE_BUDGET);
      },
      STEP_TIMEOUT,
    );
  }

  if (rt.name === "node24") {
    const readme = readmeSection("Install and use");
    const blocks = [...readme.matchAll(/^```(\w+)\n([\s\S]*?)^```$/gm)].map((m) => ({ lang: m[1]!, code: m[2]! }));
    const [esmExample, cjsExample] = blocks.filter((b) => b.lang === "js").map((b) => b.code);

    test("install guide: installs the packed tarball", () => {
      const install = blocks.find((b) => b.lang === "sh")?.code ?? "";
      expect(install).toMatch(/^bash scripts\/dev\.sh tarball$/m);
      // The consumer folder is outside the clone (npm would meet the repository's own engines inside it), so the
      // tarball is named by its absolute path; test/docs/commands.e2e.test.ts runs the block in the reader's shell and
      // test/docs/guides.test.ts checks that its pattern picks the client's tarball, not the mock's.
      const pattern = /^tarball=\$\(ls "\$PWD"\/(\S+\.tgz)\)$/m.exec(install)?.[1] ?? "";
      expect(path.matchesGlob(path.basename(tarball), pattern), pattern).toBe(true);
      expect(install).toMatch(/^cd "\$\(mktemp -d\)"/m);
      expect(install).toMatch(/^npm install "\$tarball"$/m);
    });

    // It signs, uploads and loads the document against the verifying server.
    test(
      "install guide: the ES module example runs",
      async () => {
        expect(esmExample).toBeDefined();
        writeFileSync(path.join(dir, "readme-example.mjs"), esmExample!);
        const pdf = Buffer.concat([Buffer.from("%PDF-1.7\n"), randomBytes(4096), Buffer.from("\n%%EOF\n")]);
        writeFileSync(path.join(dir, "memorandum.pdf"), pdf);
        const r = await exec(
          [rt.bin, "readme-example.mjs"],
          dir,
          childEnv({ FO_BASE_URL: `${server.url}/api`, FO_ACCESS_KEY: ACCESS_KEY, FO_SECRET_KEY: SECRET_KEY }),
        );
        expect(r.code, show(r)).toBe(0);
        expect(r.stdout).toMatch(/^RFI cases: 0$/m);
        expect(r.stdout).toContain(`uploaded: {"received_bytes":${pdf.byteLength},`);
        expect(r.stdout).toMatch(
          /^Financial Operations API file:\/\/\S+\/node_modules\/financial-operations-api\/generated\/openapi\.yaml$/m,
        );
        expect(seenBy("c0ffee00-0000-4000-8000-000000000001")).toEqual([
          expect.objectContaining({ method: "GET", verified: true }),
        ]);
        expect(seenBy("acc-main-1")).toEqual([
          expect.objectContaining({
            method: "PUT",
            verified: true,
            contentType: "application/pdf",
            bytes: pdf.byteLength,
            sha256: createHash("sha256").update(pdf).digest("hex"),
          }),
        ]);
      },
      STEP_TIMEOUT,
    );

    test(
      "install guide: the CommonJS example runs",
      async () => {
        expect(cjsExample).toBeDefined();
        writeFileSync(path.join(dir, "readme-example.cjs"), cjsExample!);
        const r = await exec([rt.bin, "readme-example.cjs"], dir);
        expect(r.code, show(r)).toBe(0);
        expect(r.stdout.trim()).toMatch(/^function function 3\.1\.\d+$/);
      },
      STEP_TIMEOUT,
    );

    test(
      "install guide: the types example compiles",
      async () => {
        const types = blocks.find((b) => b.lang === "ts")?.code;
        expect(types).toBeDefined();
        writeFileSync(path.join(dir, "readme-types.ts"), types!);
        writeFileSync(
          path.join(dir, "tsconfig.readme.json"),
          JSON.stringify({ extends: "./tsconfig.node16.json", files: ["readme-types.ts"] }),
        );
        const tsc = path.join(path.dirname(require.resolve("typescript/package.json")), "bin/tsc");
        const r = await exec([process.execPath, tsc, "-p", "tsconfig.readme.json"], dir);
        expect(r.code, show(r)).toBe(0);
      },
      STEP_TIMEOUT,
    );
  }

  if (rt.name === "deno") {
    test(
      "deno check passes with the strict flags",
      async () => {
        const r = await exec([rt.bin, "check", "consumer.ts"], dir, env());
        expect(r.code, show(r)).toBe(0);
        note(rt.name, "types", "deno check ok (strict flags)");
      },
      STEP_TIMEOUT,
    );
  }
});
