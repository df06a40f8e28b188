// fo-mock's command line in-process, on a terminal of the test's own (src/cli/terminal.ts): the options as startMock
// gets them, every refusal with its reason and exit code 2 (wrong input, a port in use, keys it cannot use), the
// keys command's files, and the ready lines. test/mock/command.e2e.test.ts runs the command as a process.
import { EventEmitter } from "node:events";
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import net from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, test } from "vitest";
import type { Terminal } from "../../src/cli/terminal.ts";
import { main, mockCommand, mockOptions, readyLines } from "../../src/mock/cli.ts";
import { checkOptions, type MockOptions } from "../../src/mock/launch/options.ts";
import { parseCommandLine } from "../../src/cli/args.ts";
import { newSecret } from "./support.ts";

class TestTerminal implements Terminal {
  out = "";
  err = "";
  exitCode?: number | string | null | undefined;
  exits: number[] = [];
  readonly stdout = Object.assign(new EventEmitter(), { write: (text: string) => (this.out += text) });
  readonly stderr = { write: (text: string) => (this.err += text) };
  constructor(public env: NodeJS.ProcessEnv = {}) {}
  exit(code: number) {
    this.exits.push(code);
  }
  once() {}
}

const dir = mkdtempSync(path.join(tmpdir(), "fo-mock-cli-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const keysFile = path.join(dir, "keys.json");
writeFileSync(keysFile, JSON.stringify({ "AK-cli": newSecret() }));

const optionsOf = (argv: string[], env: NodeJS.ProcessEnv = {}) =>
  mockOptions(parseCommandLine(mockCommand, argv).values, env, dir);

describe("the options fo-mock hands startMock", () => {
  test("defaults: sandbox on 4010 (or PORT), no state", () => {
    expect(optionsOf([])).toEqual({ port: 4010, auth: "sandbox", bare: false, stateful: false, control: false });
    expect(optionsOf([], { PORT: "0" }).port).toBe(0);
    expect(optionsOf(["--port", "4999"], { PORT: "0" }).port).toBe(4999);
  });

  test("production keys: --keys, else FO_MOCK_KEYS_FILE, else FO_ACCESS_KEY/FO_SECRET_KEY; files read from the caller's folder", () => {
    expect(optionsOf(["--auth", "production", "--keys", "keys.json"]).keysFile).toBe(keysFile);
    expect(optionsOf(["--auth", "production"], { FO_MOCK_KEYS_FILE: "keys.json" }).keysFile).toBe(keysFile);
    expect(optionsOf(["--auth", "production"], { FO_ACCESS_KEY: "ak", FO_SECRET_KEY: "s" }).keys).toEqual({ ak: "s" });
    // Under npm (bash scripts/dev.sh mock) the caller's folder is INIT_CWD.
    const npm = { npm_lifecycle_event: "mock", INIT_CWD: "/elsewhere", FO_MOCK_KEYS_FILE: "k.json" };
    expect(optionsOf(["--auth", "production"], npm).keysFile).toBe("/elsewhere/k.json");
  });

  test("the sandbox takes keys from --keys only (an FO_ACCESS_KEY set for fo-sign changes nothing)", () => {
    expect(optionsOf([], { FO_ACCESS_KEY: "ak", FO_SECRET_KEY: "s" }).keys).toBeUndefined();
    expect(optionsOf(["--keys", "keys.json"]).keysFile).toBe(keysFile);
  });

  test("the stateful mode, its files, the control API and its token from FO_MOCK_CONTROL_TOKEN", () => {
    const token = "t".repeat(40);
    expect(
      optionsOf(
        ["--stateful", "--control", "--rfi-fixture", "r.json", "--stateful-options", "o.json", "--auth", "production"],
        { FO_ACCESS_KEY: "ak", FO_SECRET_KEY: "s", FO_MOCK_CONTROL_TOKEN: token },
      ),
    ).toMatchObject({
      stateful: true,
      control: true,
      controlToken: token,
      rfiFixture: path.join(dir, "r.json"),
      statefulOptions: path.join(dir, "o.json"),
    });
    expect(optionsOf([], { FO_PORTFOLIO_TOKEN: " a, b ,," }).portfolioTokens).toEqual(["a", "b"]);
  });

  // Each pair of a command line and the words its refusal must hold.
  test.each<[string[], NodeJS.ProcessEnv, RegExp]>([
    [["--port", "65536"], {}, /invalid port "65536"/],
    [["--port", "-1"], {}, /option "--port" needs a value/],
    [[], { PORT: "x" }, /invalid port "x".*PORT=N/],
    [["--auth", "staging"], {}, /"--auth" takes sandbox or production, not "staging"/],
    [["--replay", "sometimes"], {}, /"--replay" takes reject or allow/],
    [["--auth", "production", "--window", "0"], { FO_ACCESS_KEY: "a", FO_SECRET_KEY: "b" }, /--window "0"/],
    [["--auth", "production", "--future", "x"], { FO_ACCESS_KEY: "a", FO_SECRET_KEY: "b" }, /--future "x"/],
    [["--auth", "production"], {}, /production auth needs keys.*fo-mock keys --out/s],
    [["--auth", "production"], { FO_ACCESS_KEY: "a" }, /production auth needs keys: give --keys FILE/],
    [["--auth", "production"], { FO_SECRET_KEY: "s" }, /or set FO_MOCK_KEYS_FILE=FILE, or FO_ACCESS_KEY and/],
    [
      ["--auth", "production", "--stateful", "--control"],
      { FO_ACCESS_KEY: "a", FO_SECRET_KEY: "b" },
      /--control with --auth production needs a control token in FO_MOCK_CONTROL_TOKEN/,
    ],
    [["stray"], {}, /unexpected argument "stray"/],
    [["--stateful-options"], {}, /needs a value/],
  ])("%j (env %j) is refused: %s", (argv, env, message) => {
    expect(() => optionsOf(argv, env)).toThrow(message);
  });
});

describe("the combinations startMock refuses (fo-mock's too)", () => {
  test.each<[MockOptions, RegExp]>([
    [{ port: 70000 }, /port 70000/],
    [{ windowSeconds: 60 }, /only apply with production auth/],
    [{ replay: "allow" }, /only apply with production auth/],
    [{ bare: true, auth: "production" }, /bare runs Prism alone/],
    [{ bare: true, keysFile: "k.json" }, /bare runs Prism alone/],
    [{ bare: true, stateful: true }, /keeps no state/],
    [{ control: true }, /only apply with stateful/],
    [{ rfiFixture: "r.json" }, /only apply with stateful/],
    [{ stateful: true, control: true, controlToken: "short" }, /control token must be 32 to 512/],
    [{ keys: { a: "b" }, keysFile: "k.json" }, /give one of them/],
  ])("%j: %s", (options, message) => {
    expect(() => checkOptions(options)).toThrow(message);
  });

  test("a token is never part of the message", () => {
    const token = `${"x".repeat(20)} secret`;
    expect(() => checkOptions({ stateful: true, control: true, controlToken: token })).toThrow(/^(?!.*secret)/s);
  });
});

describe("main", () => {
  test("--help and --version: exit 0, nothing on stderr", async () => {
    const help = new TestTerminal();
    await main(["--help"], help, dir);
    expect(help.out).toMatch(/^Usage: fo-mock \[--port N\]/);
    const version = new TestTerminal();
    await main(["--version"], version, dir);
    const { version: v } = JSON.parse(readFileSync(path.resolve(import.meta.dirname, "../../package.json"), "utf8"));
    expect(version.out).toBe(`fo-mock ${v}\n`);
    expect([help.err, version.err, help.exitCode, version.exitCode]).toEqual(["", "", undefined, undefined]);
  });

  test("wrong input: the reason and the usage on stderr, exit code 2, nothing started", async () => {
    const t = new TestTerminal();
    await main(["--auth", "staging"], t, dir);
    expect(t.err).toMatch(/^fo-mock: option "--auth" takes sandbox or production, not "staging"\n\nUsage: fo-mock/);
    expect([t.out, t.exitCode]).toEqual(["", 2]);
  });

  test("a port in use: exit code 2, named", async () => {
    const taken = net.createServer().listen(0, "127.0.0.1");
    await new Promise((r) => taken.once("listening", r));
    const port = (taken.address() as net.AddressInfo).port;
    try {
      const t = new TestTerminal();
      await main(["--port", String(port)], t, dir);
      expect(t.err).toMatch(new RegExp(`^fo-mock: port ${port} on 127.0.0.1 is in use\n`));
      expect(t.exitCode).toBe(2);
    } finally {
      taken.close();
    }
  });

  test("keys it cannot use: exit code 2, the file named, never the secret", async () => {
    const secret = newSecret();
    const swapped = path.join(dir, "swapped.json");
    writeFileSync(swapped, JSON.stringify({ [secret]: "ak" }));
    for (const [file, reason] of [
      [path.join(dir, "missing.json"), /Cannot read the keys file .*missing\.json: ENOENT/],
      [swapped, /entry 1 of 1: .*look swapped/],
    ] as const) {
      const t = new TestTerminal();
      await main(["--auth", "production", "--keys", file, "--port", "0"], t, dir);
      expect(t.err).toMatch(reason);
      expect(t.err).not.toContain(secret);
      expect(t.exitCode).toBe(2);
    }
  });
});

describe("main, with the mock's own process", () => {
  test("an RFI fixture it cannot read stops the start: exit code 2, the file named", async () => {
    const fixture = path.join(dir, "broken.json");
    writeFileSync(fixture, "{");
    const t = new TestTerminal();
    await main(["--port", "0", "--stateful", "--rfi-fixture", fixture], t, dir);
    expect(t.err).toMatch(/^fo-mock: .*broken\.json/);
    expect([t.out, t.exitCode]).toEqual(["", 2]);
  });
});

describe("fo-mock keys", () => {
  test("writes the keys file (and the env file) with mode 0600, prints the access key only", async () => {
    const t = new TestTerminal();
    await main(["keys", "--out", "k1.json", "--env-out", "k1.env", "--access-key", "AK_one"], t, dir);
    const keys = JSON.parse(readFileSync(path.join(dir, "k1.json"), "utf8"));
    expect(Object.keys(keys)).toEqual(["AK_one"]);
    expect(Buffer.from(keys.AK_one, "base64url")).toHaveLength(32);
    expect(readFileSync(path.join(dir, "k1.env"), "utf8")).toBe(
      `export FO_ACCESS_KEY='AK_one'\nexport FO_SECRET_KEY='${keys.AK_one}'\n`,
    );
    for (const f of ["k1.json", "k1.env"]) expect(statSync(path.join(dir, f)).mode & 0o777).toBe(0o600);
    expect(t.out).toContain("access key AK_one");
    expect(t.out).toContain("fo-mock --auth production --keys k1.json");
    expect(t.out).not.toContain(keys.AK_one);
  });

  test("refuses a file that exists unless --force, a bad access key, the same file twice", async () => {
    for (const [argv, message] of [
      [["--out", "k1.json"], /k1\.json exists: give --force/],
      [["--out", "k2.json", "--access-key", "has space"], /--access-key "has space": give letters/],
      [["--out", "same", "--env-out", "same"], /name the same file/],
      [["--bogus"], /unknown option "--bogus"/],
    ] as const) {
      const t = new TestTerminal();
      await main(["keys", ...argv], t, dir);
      expect(t.err).toMatch(message);
      expect(t.err).toContain("Usage: fo-mock keys");
      expect(t.exitCode).toBe(2);
    }
    expect(existsSync(path.join(dir, "k2.json"))).toBe(false);
    const forced = new TestTerminal();
    await main(["keys", "--out", "k1.json", "--force"], forced, dir);
    expect(forced.exitCode).toBeUndefined();
  });
});

describe("the ready lines", () => {
  const url = "http://127.0.0.1:4010";
  const ready = { port: 4010, keys: 1, portfolioTokens: undefined, windowSeconds: 300, futureSeconds: 60 };

  test("say ready, the URL and what is checked, and where the control token comes from, never the token", () => {
    const lines = readyLines(
      {
        url,
        ready: {
          ...ready,
          replay: "reject",
          stateful: { operations: ["createQuote"], controlPrefix: "/__mock", control: "token" },
        },
      },
      { auth: "production" },
    );
    expect(lines).toEqual([
      `Stateful mode: createQuote kept in memory; control API at ${url}/__mock (Bearer FO_MOCK_CONTROL_TOKEN)`,
      `fo-mock ready: ${url} (production auth: HMAC signatures verified, 1 key, timestamp window -300 s/+60 s, ` +
        "replays refused; portfolio routes: any Bearer token; Ctrl-C stops it)",
    ]);
    expect(readyLines({ url, ready: { port: 1, bare: true } }, { bare: true })[0]).toMatch(
      /^fo-mock ready: .* \(Prism alone/,
    );
    expect(readyLines({ url, ready: { ...ready, keys: undefined, replay: "allow" } }, {})[0]).toContain(
      "sandbox auth: any Bearer token",
    );
  });
});
