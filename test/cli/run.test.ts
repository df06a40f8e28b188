// fo-sign in-process (run(), proxySettings()): what it prints is what signRequest computes for the same request,
// in each form (the report, --json, --curl), and the --curl command, read back as a POSIX shell reads single-quoted
// and bare words, is exactly the request --json describes. Each usage error names its problem. Generated inputs
// where the point is "any text" (shell quoting, hostile header values and bodies); fast-check, fixed seeds.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import fc from "fast-check";
import { afterAll, describe, expect, test } from "vitest";
import { PROXY_USAGE, proxySettings, readyLine } from "../../src/cli/proxy.ts";
import { contentDisposition, run, shellQuote, USAGE, UsageError } from "../../src/cli/sign.ts";
import type { RunningProxy } from "../../src/proxy/server.ts";
import { signRequest } from "../../src/signing/index.ts";

const SECRET = "-_-_ABEiM0RVZneImaq7zN3u_wEjRWeJq83v----_6A";
const env = { FO_ACCESS_KEY: "AK_vector_1", FO_SECRET_KEY: SECRET };
const TIME = "20261121T093000Z";
const AT = new Date("2026-11-21T09:30:00Z");
const dir = mkdtempSync(path.join(tmpdir(), "fo-sign-run-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A POSIX shell's reading of single-quoted and bare words (all that shellQuote prints). */
function words(command: string): string[] {
  const out: string[] = [];
  let i = 0;
  while (i < command.length) {
    if (command[i] === " ") {
      i++;
      continue;
    }
    let word = "";
    while (i < command.length && command[i] !== " ") {
      if (command[i] === "'") {
        const end = command.indexOf("'", i + 1);
        expect(end, `unbalanced quote in ${command}`).toBeGreaterThan(i);
        word += command.slice(i + 1, end);
        i = end + 1;
      } else if (command[i] === "\\") {
        word += command[i + 1];
        i += 2;
      } else {
        expect(/[\w@%+:,./-]/.test(command[i]!), `bare ${JSON.stringify(command[i])} in ${command}`).toBe(true);
        word += command[i];
        i++;
      }
    }
    out.push(word);
  }
  return out;
}

const json = (argv: string[]) => JSON.parse(run([...argv, "--json"], env));

describe("what it prints is what signRequest computes", () => {
  test("the report: timestamp, body hash, string to sign, signature, headers, query", () => {
    const out = run(["post", "/v1/x?a=1&b", "--body", '{"a":1}', "--time", TIME], env);
    const s = signRequest({ ...keysOf(), method: "post", path: "/v1/x", body: '{"a":1}', time: AT });
    const lines = [
      `TIMESTAMP       ${s.timestamp}`,
      `BODY_HASH       ${s.bodyHash}  (SHA-256 of 7 body bytes)`,
      "STRING_TO_SIGN  (five lines joined by \\n, no trailing newline)",
      ...s.stringToSign.split("\n").map((l) => `  ${l}`),
      `SIGNATURE       ${s.signature}`,
      "HEADERS",
      `  Authorization: ${s.headers.Authorization}`,
      `  X-SVC-Date: ${s.headers["X-SVC-Date"]}`,
      "  Content-Type: application/json",
      "QUERY           ?a=1&b (sent in the URL, not signed)",
    ];
    expect(out.split("\n")).toEqual(lines);
    expect(out).not.toContain(SECRET);
    // Without a query, no query line.
    const plain = run(["post", "/v1/x", "--body", '{"a":1}', "--time", TIME], env);
    expect(plain.split("\n")).toEqual(lines.slice(0, -1));
  });

  test("--json: the same values; no body means no Content-Type; text that is not JSON is octet-stream", () => {
    const s = signRequest({ ...keysOf(), method: "GET", path: "/api/v1/x", time: AT });
    expect(json(["GET", "/v1/x", "--time", "2026-11-21T09:30:00Z", "--base-url", "https://h.test/api/"])).toEqual({
      timestamp: s.timestamp,
      bodyHash: s.bodyHash,
      stringToSign: s.stringToSign,
      signature: s.signature,
      method: "GET",
      path: "/api/v1/x",
      headers: { Authorization: s.headers.Authorization, "X-SVC-Date": s.headers["X-SVC-Date"] },
    });
    expect(json(["PUT", "/v1/x", "--body", "not json", "--time", TIME]).headers["Content-Type"]).toBe(
      "application/octet-stream",
    );
    expect(json(["PUT", "/v1/x", "--body", "1", "--content-type", "text/csv", "--time", TIME]).headers).toMatchObject({
      "Content-Type": "text/csv",
    });
  });

  test("signs at now() without --time", () => {
    const out = JSON.parse(run(["GET", "/v1/x", "--json"], env, () => AT));
    expect(out.timestamp).toBe(TIME);
  });

  test("--header adds trimmed headers; a body file gets its Content-Disposition unless JSON or given", () => {
    const file = path.join(dir, "report 1.pdf");
    writeFileSync(file, "%PDF");
    const h = (extra: string[]) => json(["PUT", "/v1/docs", "--body-file", file, "--time", TIME, ...extra]).headers;
    expect(h(["--header", "  X-Trace :  a b  ", "--content-type", "application/pdf"])).toMatchObject({
      "X-Trace": "a b",
      "Content-Disposition": 'attachment; filename="report 1.pdf"',
    });
    expect(h(["--content-type", "application/json"])["Content-Disposition"]).toBeUndefined();
    expect(h(["--header", "content-disposition: inline"])).toMatchObject({ "content-disposition": "inline" });
    expect(h(["--header", "content-disposition: inline"])["Content-Disposition"]).toBeUndefined();
  });
});

describe("--curl", () => {
  const printable = fc.stringMatching(/^[\x20-\x7e]{0,24}$/);

  test("read back by a shell, is exactly the request --json describes", () => {
    fc.assert(
      fc.property(
        fc.constantFrom("GET", "post", "PATCH", "DELETE"),
        fc.stringMatching(/^\/[A-Za-z0-9._~!$&'()*+,;=:@/-]{0,20}$/),
        fc.option(fc.stringMatching(/^[A-Za-z0-9=&%'"$ ]{1,12}$/), { nil: undefined }),
        fc.array(fc.tuple(fc.stringMatching(/^X-[A-Za-z]{1,6}$/), printable), { maxLength: 3 }),
        printable,
        (method, pathPart, query, headers, body) => {
          const target = query === undefined ? pathPart : `${pathPart}?${query}`;
          const argv = [method, target, "--time", TIME, "--base-url", "https://api.test:8443/api"];
          for (const [n, v] of headers) argv.push("--header", `${n}: ${v}`);
          const hasBody = body.length > 0 && method !== "GET";
          if (hasBody) argv.push("--body", body, "--content-type", "text/plain");
          let command: string;
          try {
            command = run([...argv, "--curl"], env);
          } catch (err) {
            // Only a path the signer refuses (a dot segment, say) may stop it.
            expect((err as Error).name).toMatch(/InvalidSigningInputError|UsageError/);
            return;
          }
          const described = json(argv);
          const url = `https://api.test:8443${described.path}${query === undefined ? "" : `?${query}`}`;
          const headerArgs = Object.entries(described.headers as Record<string, string>).flatMap(([n, v]) => [
            "-H",
            v === "" ? `${n};` : `${n}: ${v}`,
          ]);
          expect(words(command)).toEqual([
            "curl",
            "-sS",
            "-g",
            "-X",
            method.toUpperCase(),
            url,
            ...headerArgs,
            ...(hasBody ? ["--data-raw", body] : []),
          ]);
        },
      ),
      { seed: 91, numRuns: 200 },
    );
  });

  test("a body file is sent as its bytes, named with @; without --base-url the mock's address", () => {
    const file = path.join(dir, "it's.bin");
    writeFileSync(file, "\u0000\u0001");
    const w = words(
      run(["POST", "/v1/u", "--body-file", file, "--content-type", "image/png", "--curl", "--time", TIME], env),
    );
    expect(w.slice(5, 6)).toEqual(["http://127.0.0.1:4010/v1/u"]);
    expect(w.slice(-2)).toEqual(["--data-binary", `@${file}`]);
    expect(w).toContain('Content-Disposition: attachment; filename="it\'s.bin"');
  });

  test("under npm run, needs --silent (npm's banner would go to stdout)", () => {
    const npm = { ...env, npm_lifecycle_event: "sign" };
    expect(() => run(["GET", "/v1/x", "--curl"], npm)).toThrow(/npm run --silent sign/);
    expect(() => run(["GET", "/v1/x", "--curl"], { ...npm, npm_config_loglevel: "silent" })).not.toThrow();
    expect(() => run(["GET", "/v1/x", "--curl"], { ...env, npm_lifecycle_event: "test" })).not.toThrow();
  });

  test("a body with a line feed is printed in quotes; one with another control character is refused", () => {
    expect(words(run(["POST", "/v1/x", "--body", "a\n\tb", "--curl"], env)).at(-1)).toBe("a\n\tb");
    expect(() => run(["POST", "/v1/x", "--body", "a\u001bb", "--curl"], env)).toThrow(/--body .* holds the control/);
  });
});

describe("shellQuote and contentDisposition", () => {
  test("any word reads back as itself; safe words stay bare", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 30 }), (word) => {
        expect(words(`x ${shellQuote(word)}`)).toEqual(["x", word]);
        if (/^[\w@%+:,./-]+$/.test(word)) expect(shellQuote(word)).toBe(word);
        else expect(shellQuote(word).startsWith("'")).toBe(true);
      }),
      { seed: 92, numRuns: 300 },
    );
    expect(shellQuote("")).toBe("''");
    expect(shellQuote("=x")).toBe("'=x'");
  });

  test("a file name outside plain ASCII gets a fallback and an RFC 8187 filename*", () => {
    expect(contentDisposition("a.pdf")).toBe('attachment; filename="a.pdf"');
    expect(contentDisposition('r"é%\\.pdf')).toBe(
      `attachment; filename="r___\\_.pdf"; filename*=UTF-8''r%22%C3%A9%25%5C.pdf`.replace("\\_", "_"),
    );
    expect(() => contentDisposition("a\nb")).toThrow(UsageError);
  });
});

describe("usage errors name the problem", () => {
  test.each([
    [["GET", "/v1/x", "extra"], /unexpected argument "extra": give METHOD and PATH only\./],
    [["GET"], /Give METHOD and PATH, e\.g\. POST \/v1\/customers/],
    [["GE T", "/v1/x"], /METHOD "GE T" is not an HTTP method/],
    [["POST", "/v1/x", "--body", "a", "--body-file", "f"], /Give --body or --body-file, not both\./],
    [["GET", "v1/x"], /PATH must start with "\/", got "v1\/x"/],
    [["GET", "/v1/x\u0007"], /PATH .* holds the control character/],
    [["GET", "/v1/x", "--header", "NoColon"], /--header "NoColon" is not "Name: value"/],
    [["GET", "/v1/x", "--header", ": v"], /is not "Name: value"/],
    [["GET", "/v1/x", "--header", "Bad Name: v"], /is not "Name: value"/],
    [["GET", "/v1/x", "--header", "X: a\u0001"], /--header .* holds the control character/],
    [["GET", "/v1/x", "--content-type", "a\u0001"], /--content-type .* holds the control/],
    [["GET", "/v1/x", "--base-url", "ftp://h"], /--base-url "ftp:\/\/h" is not an http:\/\/ or https:\/\/ URL\./],
    [["GET", "/v1/x", "--base-url", "nope"], /is not an http:\/\/ or https:\/\/ URL/],
    [["GET", "/v1/x", "--time", "yesterday"], /--time "yesterday" is neither YYYYMMDDTHHMMSSZ nor ISO 8601\./],
    [["GET", "/v1/x", "--time", "2026-13-45T99:00:00Z"], /is neither YYYYMMDDTHHMMSSZ nor ISO 8601/],
    [["explain", "GET", "/v1/x"], /explain needs --authorization/],
    [["explain", "GET", "/v1/x", "--authorization", "x", "--window", "0"], /--window "0" is not a whole number/],
    [["explain", "GET", "/v1/x", "--authorization", "x", "--window", "1.5"], /--window "1\.5" is not a whole/],
  ])("%j", (argv, message) => {
    expect(() => run(argv, env)).toThrow(message);
  });

  test("the keys first, naming which are missing and how to make a pair", () => {
    expect(() => run(["GET", "/v1/x"], {})).toThrow(/\(FO_ACCESS_KEY and FO_SECRET_KEY are not set\)/);
    expect(() => run(["GET", "/v1/x"], { FO_SECRET_KEY: SECRET })).toThrow(/\(FO_ACCESS_KEY is not set\)/);
    expect(() => run(["GET", "/v1/x"], { FO_ACCESS_KEY: "AK" })).toThrow(/\(FO_SECRET_KEY is not set\)/);
  });

  test("--help and --version", () => {
    expect(run(["--help"], {})).toBe(USAGE);
    expect(run(["--version"], {})).toMatch(/^fo-sign \d+\.\d+\.\d+/);
  });

  test("explain's report: the request, then the blocker or the correct signature and the causes", () => {
    const sent = signRequest({ ...keysOf(), method: "GET", path: "/v1/x", time: AT });
    const out = run(["explain", "get", "/v1/x", "--authorization", sent.headers.Authorization, "--now", TIME], env);
    const lines = out.split("\n");
    expect(lines[0]).toBe("Request: GET /v1/x (body 0 bytes)");
    expect(lines[1]).toBe(`Correct signature for this request: ${sent.signature}`);
    expect(lines[2]).toBe("Mismatch causes of the reference:");
    expect(lines.slice(3).every((l) => /^ {2}\[(fits|possible|does not fit)\] .+: .+$/.test(l))).toBe(true);
    const detail = run(
      ["explain", "GET", "/v1/x", "--authorization", "Bearer x", "--response", '{"detail":"why"}', "--now", TIME],
      env,
    ).split("\n");
    expect(detail.slice(0, 2)).toEqual(["Request: GET /v1/x (body 0 bytes)", "401 detail received: why"]);
  });
});

describe("fo-sign proxy's settings", () => {
  const base = ["--upstream", "http://127.0.0.1:4010/"];

  test("defaults, and the origin of --upstream", () => {
    const s = proxySettings(base, env);
    expect(s).toMatchObject({ upstream: "http://127.0.0.1:4010", port: 8080, accessKey: "AK_vector_1" });
    expect(s.maxBody).toBeGreaterThan(0);
    expect(s.secretKey?.length).toBeGreaterThanOrEqual(16);
    expect(s.auth).toBe("production");
  });

  test("--port and --max-body: whole numbers within their range", () => {
    expect(proxySettings([...base, "--port", "0", "--max-body", "0"], env)).toMatchObject({ port: 0, maxBody: 0 });
    expect(proxySettings([...base, "--port", "65535", "--max-body", String(2 ** 31 - 1)], env)).toMatchObject({
      port: 65535,
      maxBody: 2 ** 31 - 1,
    });
    for (const port of ["65536", "-1", "1e3", "8080x", " 80", ""])
      expect(() => proxySettings([...base, `--port=${port}`], env), port).toThrow(
        `--port ${JSON.stringify(port)} is not a whole number from 0 to 65535.`,
      );
    expect(() => proxySettings([...base, "--max-body", String(2 ** 31)], env)).toThrow(
      /--max-body "2147483648" is not a whole number from 0 to 2147483647\./,
    );
  });

  test("refusals name the problem and the next step, never the secret", () => {
    expect(() => proxySettings([], env)).toThrow("give --upstream ORIGIN, e.g. --upstream http://127.0.0.1:4010.");
    expect(() => proxySettings(["--upstream", "http://u:p@h"], env)).toThrow(/must not carry a user name/);
    for (const bad of [{}, { FO_ACCESS_KEY: "AK" }, { FO_SECRET_KEY: SECRET }])
      expect(() => proxySettings(base, bad)).toThrow(
        /^set FO_ACCESS_KEY and FO_SECRET_KEY \(from API Settings\) in the environment\. For the mock, make a test pair with `bash scripts\/dev\.sh keys/,
      );
    const short = SECRET.slice(0, 12);
    const error = (() => {
      try {
        proxySettings(base, { ...env, FO_SECRET_KEY: short });
      } catch (e) {
        return e as Error;
      }
    })();
    expect(error).toBeInstanceOf(UsageError);
    expect(error!.message).toMatch(
      /^FO_ACCESS_KEY\/FO_SECRET_KEY: Secret key decodes to 9 bytes, fewer than 16\. For the mock/,
    );
    expect(error!.message).not.toContain(short);
    expect(() => proxySettings(base, { ...env, FO_ACCESS_KEY: "bad key" })).toThrow(/^FO_ACCESS_KEY\/FO_SECRET_KEY: /);
  });

  test("a secret of exactly 16 bytes is enough", () => {
    const sixteen = Buffer.alloc(16, 7).toString("base64url");
    expect(proxySettings(base, { ...env, FO_SECRET_KEY: sixteen }).secretKey).toHaveLength(16);
    expect(() => proxySettings(base, { ...env, FO_SECRET_KEY: Buffer.alloc(15, 7).toString("base64url") })).toThrow(
      /decodes to 15 bytes, fewer than 16/,
    );
  });

  test("the ready line names the access key, upstream, address, bound and the web pages let through; the usage the defaults", () => {
    const s = proxySettings([...base, "--max-body", "77"], env);
    const proxy = { url: "http://127.0.0.1:9", upstream: "http://127.0.0.1:4010" } as RunningProxy;
    expect(readyLine(s, proxy)).toBe(
      "fo-sign proxy ready: signing as access key AK_vector_1 for http://127.0.0.1:4010, listening on " +
        "http://127.0.0.1:9 (bodies up to 77 bytes; web pages refused)",
    );
    const allowing = proxySettings([...base, "--allow-origin", "http://localhost:3000"], env);
    expect(readyLine(allowing, proxy)).toMatch(/; web pages refused but those of http:\/\/localhost:3000\)$/);
    const two = proxySettings([...base, "--allow-origin", "http://a.test", "--allow-origin", "http://b.test"], env);
    expect(readyLine(two, proxy)).toMatch(/; web pages refused but those of http:\/\/a\.test, http:\/\/b\.test\)$/);
    expect(proxySettings(base, env).stopOnStdinClose).toBe(false);
    expect(proxySettings([...base, "--stop-on-stdin-close"], env).stopOnStdinClose).toBe(true);
    expect(PROXY_USAGE).toMatch(
      /^fo-sign proxy --upstream ORIGIN \[--port N\] \[--max-body BYTES\] \[--allow-origin ORIGIN\]\.\.\.\n/,
    );
    expect(PROXY_USAGE).toContain("(default 8080; 0 picks a free port)");
  });
});

function keysOf() {
  return { accessKey: env.FO_ACCESS_KEY, secretKey: env.FO_SECRET_KEY };
}
