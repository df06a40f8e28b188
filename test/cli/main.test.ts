// The bin's entry points in-process, on a terminal of the test's own (src/cli/terminal.ts): what main() prints for
// each kind of error and its exit code, what it does when stdout's reader goes away, and `fo-sign proxy` from its
// usage errors to its ready line, a refusal line, and the stop on SIGINT or SIGTERM (the child-process tests in
// test/proxy/cli.test.ts run the same through a real process).
import { EventEmitter } from "node:events";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, test } from "vitest";
import { PROXY_USAGE, proxySettings, runProxy } from "../../src/cli/proxy.ts";
import { version } from "../../src/cli/version.ts";
import { main, USAGE } from "../../src/cli/sign.ts";
import type { Terminal } from "../../src/cli/terminal.ts";
import { startProxy } from "../../src/proxy/server.ts";
import { signRequest } from "../../src/signing/index.ts";
import { env as keys, SECRET } from "./support.ts";

/** A terminal that keeps what is written, the exit code set, the exits asked for and the signal listeners. */
class TestTerminal implements Terminal {
  out = "";
  err = "";
  exitCode?: number | string | null | undefined;
  exits: number[] = [];
  listeners = new Map<string, Array<() => void>>();
  readonly stdout = Object.assign(new EventEmitter(), { write: (text: string) => (this.out += text) });
  readonly stderr = { write: (text: string) => (this.err += text) };
  constructor(public env: NodeJS.ProcessEnv = { ...keys }) {}
  exit(code: number) {
    this.exits.push(code);
  }
  once(signal: "SIGINT" | "SIGTERM", listener: () => void) {
    this.listeners.set(signal, [...(this.listeners.get(signal) ?? []), listener]);
  }
}

/** An environment whose keys cannot be read: the error it throws is none the CLI means to throw. */
const brokenEnv = () =>
  Object.defineProperty({} as NodeJS.ProcessEnv, "FO_ACCESS_KEY", {
    enumerable: true,
    get() {
      throw new RangeError("the environment broke");
    },
  });

describe("main", () => {
  test("prints the result and a newline on stdout, nothing on stderr, no exit code", async () => {
    const t = new TestTerminal();
    await main(["GET", "/v1/x", "--time", "20261121T093000Z", "--json"], t);
    const s = signRequest({
      accessKey: keys.FO_ACCESS_KEY,
      secretKey: SECRET,
      method: "GET",
      path: "/v1/x",
      time: new Date("2026-11-21T09:30:00Z"),
    });
    expect(t.out.endsWith("}\n")).toBe(true);
    expect(JSON.parse(t.out)).toMatchObject({ signature: s.signature, method: "GET", path: "/v1/x" });
    expect([t.err, t.exitCode, t.exits]).toEqual(["", undefined, []]);
    const help = new TestTerminal();
    await main(["--help"], help);
    expect(help.out).toBe(`${USAGE}\n`);
  });

  test("a usage error: its message and the usage on stderr, exit code 2", async () => {
    const t = new TestTerminal();
    await main(["GET"], t);
    expect(t.err).toBe(`fo-sign: Give METHOD and PATH, e.g. POST /v1/customers/c1/conversions/quote.\n\n${USAGE}\n`);
    expect([t.out, t.exitCode]).toEqual(["", 2]);
  });

  test("input that cannot be signed: its message and the usage, exit code 2", async () => {
    const t = new TestTerminal();
    await main(["GET", "/v1/a/../b"], t);
    expect(t.err).toMatch(/^fo-sign: Path to sign .+\n\nUsage:\n {2}fo-sign METHOD PATH/s);
    expect(t.err.endsWith(`${USAGE}\n`)).toBe(true);
    expect(t.exitCode).toBe(2);
  });

  test("wrong keys and a missing file: the message alone, exit code 2, never the secret", async () => {
    const short = "sh+rt=";
    const keysWrong = new TestTerminal({ ...keys, FO_SECRET_KEY: short });
    await main(["GET", "/v1/x"], keysWrong);
    expect(keysWrong.err).toMatch(
      /^fo-sign: Secret key \(6 characters\) is not URL-safe Base64 without padding: copy it exactly as issued\n$/,
    );
    expect(keysWrong.err).not.toContain(short);
    expect(keysWrong.exitCode).toBe(2);
    const missing = new TestTerminal();
    await main(["POST", "/v1/x", "--body-file", "/nonexistent/fo-sign-body"], missing);
    expect(missing.err).toBe("fo-sign: ENOENT: no such file or directory, open '/nonexistent/fo-sign-body'\n");
    expect(missing.exitCode).toBe(2);
  });

  test("an error the CLI does not mean to throw goes on, with nothing printed", async () => {
    const t = new TestTerminal(brokenEnv());
    await expect(main(["GET", "/v1/x"], t)).rejects.toThrow(RangeError);
    expect([t.out, t.err, t.exitCode]).toEqual(["", "", undefined]);
  });

  test("stdout's reader gone (EPIPE) ends the process quietly with 0; any other stdout error is thrown", async () => {
    const t = new TestTerminal();
    await main(["--version"], t);
    const epipe = Object.assign(new Error("write EPIPE"), { code: "EPIPE" });
    t.stdout.emit("error", epipe);
    expect(t.exits).toEqual([0]);
    const other = Object.assign(new Error("write EIO"), { code: "EIO" });
    expect(() => t.stdout.emit("error", other)).toThrow("write EIO");
    expect(t.exits).toEqual([0]);
  });

  test("`proxy` hands the rest of the line to fo-sign proxy", async () => {
    const t = new TestTerminal();
    await main(["proxy", "--help"], t);
    expect(t.out).toBe(`Usage: ${PROXY_USAGE}\n`);
    const usage = new TestTerminal();
    await main(["proxy", "--port", "1"], usage);
    expect(usage.err).toMatch(/^fo-sign proxy: give --upstream ORIGIN/);
    const plain = new TestTerminal();
    await main(["--help", "proxy"], plain);
    expect(plain.out).toBe(`${USAGE}\n`);
  });
});

describe("fo-sign proxy", () => {
  test("--help and -h print the usage and start nothing", async () => {
    for (const flag of ["--help", "-h"]) {
      const t = new TestTerminal();
      await runProxy(["--upstream", "http://127.0.0.1:1", flag], t, () => {
        throw new Error("started");
      });
      expect([t.out, t.err, t.exitCode], flag).toEqual([`Usage: ${PROXY_USAGE}\n`, "", undefined]);
    }
  });

  test("a usage error: the problem and the usage on stderr, exit code 2, nothing started", async () => {
    const t = new TestTerminal();
    await runProxy(["--port", "1"], t, () => {
      throw new Error("started");
    });
    expect(t.err).toBe(
      `fo-sign proxy: give --upstream ORIGIN, e.g. --upstream http://127.0.0.1:4010.\n\nUsage: ${PROXY_USAGE}\n`,
    );
    expect([t.out, t.exitCode]).toEqual(["", 2]);
  });

  test("--allow-origin null: refused with why, exit code 2, nothing started", async () => {
    const t = new TestTerminal();
    await runProxy(["--upstream", "http://127.0.0.1:1", "--allow-origin", "null"], t, () => {
      throw new Error("started");
    });
    expect(t.err).toMatch(/^fo-sign proxy: --allow-origin null is refused: any web page can send Origin: null /);
    expect([t.out, t.exitCode]).toEqual(["", 2]);
  });

  test("an error reading the settings that is no usage error goes on", async () => {
    const t = new TestTerminal(brokenEnv());
    await expect(runProxy(["--upstream", "http://127.0.0.1:1"], t)).rejects.toThrow(RangeError);
    expect([t.out, t.err, t.exitCode]).toEqual(["", "", undefined]);
  });

  test("a port in use is named with the next step (exit code 2, as fo-mock's); another start error by its message (1)", async () => {
    const taken = net.createServer();
    await new Promise<void>((resolve) => taken.listen(0, "127.0.0.1", () => resolve()));
    const port = (taken.address() as net.AddressInfo).port;
    try {
      const t = new TestTerminal();
      await runProxy(["--upstream", "http://127.0.0.1:1", "--port", String(port)], t);
      expect(t.err).toBe(`fo-sign proxy: port ${port} on 127.0.0.1 is in use; give another with --port\n`);
      expect([t.out, t.exitCode]).toEqual(["", 2]);
    } finally {
      await new Promise((resolve) => taken.close(resolve));
    }
    const t = new TestTerminal();
    await runProxy(["--upstream", "http://127.0.0.1:1"], t, () =>
      Promise.reject(Object.assign(new Error("listen EACCES: permission denied"), { code: "EACCES" })),
    );
    expect(t.err).toBe("fo-sign proxy: listen EACCES: permission denied\n");
    expect(t.exitCode).toBe(1);
  });

  test("starts with the settings read, prints the ready line, logs refusals; SIGINT or SIGTERM stops it", async () => {
    for (const signal of ["SIGINT", "SIGTERM"] as const) {
      const t = new TestTerminal();
      let options: Parameters<typeof startProxy>[0] | undefined;
      await runProxy(["--upstream", "http://127.0.0.1:1/", "--port", "0", "--max-body", "5"], t, (o) => {
        options = o;
        return startProxy(o);
      });
      expect(options).toMatchObject({
        upstream: "http://127.0.0.1:1",
        port: 0,
        maxBody: 5,
        credentials: { accessKey: "AK_vector_1" },
      });
      expect((options!.credentials as { secretKey?: Uint8Array }).secretKey).toHaveLength(32);
      const url = /listening on (http:\/\/127\.0\.0\.1:\d+) /.exec(t.out)?.[1];
      // The ready line alone on stdout (its words: run.test.ts), naming where it listens.
      expect(t.out).toMatch(
        /^fo-sign proxy ready: [^\n]* listening on http:\/\/127\.0\.0\.1:\d+ \(bodies up to 5 bytes[^\n]*\n$/,
      );
      const res = await fetch(`${url}/v1/x`, { method: "POST", body: "123456" });
      expect(res.status).toBe(413);
      expect(t.err).toBe(
        "fo-sign proxy: refused 413 POST /v1/x: The request body is larger than this proxy's bound of 5 bytes.\n",
      );
      expect([...t.listeners.keys()].sort()).toEqual(["SIGINT", "SIGTERM"]);
      expect(t.exits).toEqual([]);
      for (const listener of t.listeners.get(signal)!) listener();
      while (t.exits.length === 0) await new Promise((resolve) => setTimeout(resolve, 5));
      expect(t.exits).toEqual([0]);
      await expect(fetch(`${url}/v1/x`)).rejects.toThrow();
      expect(t.exitCode).toBeUndefined();
    }
  });
});

describe("fo-sign proxy --record and --auth", () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), "fo-sign-record-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const descriptors = () => readdirSync("/proc/self/fd").length;
  const upstream = ["--upstream", "http://127.0.0.1:1", "--port", "0"];
  const started = () => {
    throw new Error("started");
  };

  test("--record names a file, read from where the command was typed (INIT_CWD under npm run sign)", () => {
    expect(() => proxySettings([...upstream, "--record", ""], keys)).toThrow("--record needs a file name.");
    expect(proxySettings([...upstream, "--record", "a.har"], keys, "/here").record).toBe("/here/a.har");
    expect(proxySettings([...upstream, "--record", "/abs.har"], keys, "/here").record).toBe("/abs.har");
    expect(proxySettings(upstream, keys, "/here").record).toBeUndefined();
    const npm = { ...keys, npm_lifecycle_event: "sign", INIT_CWD: "/typed" };
    expect(proxySettings([...upstream, "--record", "a.har"], npm, "/root").record).toBe("/typed/a.har");
    expect(
      proxySettings([...upstream, "--record", "a.har"], { ...npm, npm_lifecycle_event: "mock" }, "/root").record,
    ).toBe("/root/a.har");
    expect(proxySettings([...upstream, "--record", "a.har"], { ...npm, INIT_CWD: "" }, "/root").record).toBe(
      "/root/a.har",
    );
  });

  test("a file it cannot write: the reason, exit code 2, nothing started", async () => {
    const t = new TestTerminal();
    const file = path.join(dir, "missing", "a.har");
    await runProxy([...upstream, "--record", file], t, started);
    expect([t.out, t.err, t.exitCode]).toEqual(["", `fo-sign proxy: cannot record to ${file}: ENOENT\n`, 2]);
  });

  test("records into the file it names, says so in its ready line, and closes the file when it stops", async () => {
    const file = path.join(dir, "ready.har");
    const before = descriptors();
    const t = new TestTerminal();
    let options: Parameters<typeof startProxy>[0] | undefined;
    await runProxy([...upstream, "--record", file], t, (o) => {
      options = o;
      return startProxy(o);
    });
    expect(options?.recording?.file).toBe(file);
    expect(t.out).toMatch(
      new RegExp(`; recording every exchange to ${file.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}, masked\\)\n$`),
    );
    expect(JSON.parse(readFileSync(file, "utf8")).log.creator).toEqual({ name: "fo-sign proxy", version: version() });
    expect(descriptors()).toBeGreaterThan(before);
    for (const listener of t.listeners.get("SIGTERM")!) listener();
    while (t.exits.length === 0) await new Promise((resolve) => setTimeout(resolve, 5));
    expect(descriptors()).toBe(before);
  });

  test("a second signal while stopping stops nothing twice", async () => {
    const t = new TestTerminal();
    await runProxy(upstream, t);
    for (const signal of ["SIGINT", "SIGTERM"]) for (const listener of t.listeners.get(signal)!) listener();
    while (t.exits.length === 0) await new Promise((resolve) => setTimeout(resolve, 5));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(t.exits).toEqual([0]);
  });

  test("a start that fails closes the recording it opened", async () => {
    const before = descriptors();
    const t = new TestTerminal();
    await runProxy([...upstream, "--record", path.join(dir, "failed.har")], t, () =>
      Promise.reject(Object.assign(new Error("listen EACCES: permission denied"), { code: "EACCES" })),
    );
    expect([t.err, t.exitCode]).toEqual(["fo-sign proxy: listen EACCES: permission denied\n", 1]);
    expect(descriptors()).toBe(before);
  });

  test("--auth sandbox starts with the access key alone; production with both keys", async () => {
    const seen: Parameters<typeof startProxy>[0][] = [];
    const capture = (o: Parameters<typeof startProxy>[0]) => {
      seen.push(o);
      return Promise.reject(Object.assign(new Error("stop here"), { code: "TEST" }));
    };
    await runProxy(
      [...upstream, "--auth", "sandbox"],
      new TestTerminal({ FO_ACCESS_KEY: keys.FO_ACCESS_KEY }),
      capture,
    );
    await runProxy(upstream, new TestTerminal(), capture);
    expect(seen.map((o) => [o.auth, Object.keys(o.credentials).sort(), "recording" in o])).toEqual([
      ["sandbox", ["accessKey"], false],
      ["production", ["accessKey", "secretKey"], false],
    ]);
  });

  test("--version's number is the package's", () => {
    expect(version()).toBe(
      JSON.parse(readFileSync(path.resolve(import.meta.dirname, "../../package.json"), "utf8")).version,
    );
  });
});
