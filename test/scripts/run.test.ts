// scripts/run.mjs, the one way the scripts run programs: what a child prints, how it ended and why it failed
// come back as they happened, the async and blocking forms agree on generated children, a time bound stops
// the child by PID, and a command that cannot start is an error naming it and what to install.
import { mkdtempSync, readFileSync, realpathSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import fc from "fast-check";
import { afterAll, describe, expect, test, vi } from "vitest";
import { RunError, run, runSync, stillRunning } from "../../scripts/run.mjs";
import { alive } from "../helpers/processes.ts";

const dir = realpathSync(mkdtempSync(path.join(os.tmpdir(), "run-")));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** `node -e CODE`, the child every case runs. */
const js = (code: string) => [process.execPath, ["-e", code]] as const;

/** Text a child writes: any Unicode, no lone surrogates (they do not survive UTF-8 either way). */
const text = fc.string({ unit: "grapheme", maxLength: 200 });

describe("a child that ends", () => {
  test("its exit code, stdout and stderr come back; run and runSync agree", async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 0, max: 255 }), text, text, async (code, out, err) => {
        const [command, args] = js(
          "process.stdout.write(process.env.OUT); process.stderr.write(process.env.ERR);" +
            "process.exitCode = +process.env.CODE",
        );
        const options = { env: { ...process.env, OUT: out, ERR: err, CODE: String(code) }, check: false };
        const async = await run(command, args, options);
        const sync = runSync(command, args, options);
        for (const result of [async, sync]) {
          expect(result).toMatchObject({
            code,
            signal: null,
            timedOut: false,
            ok: code === 0,
            stdout: out,
            stderr: err,
          });
          expect(result.output.length).toBe(out.length + err.length);
        }
      }),
      { numRuns: 12 },
    );
  }, 60_000);

  test("a non-zero exit rejects with the code and the last lines printed", async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 1, max: 255 }), async (code) => {
        const [command, args] = js(`console.error("line 1\\nwhy it failed"); process.exit(${code})`);
        const failure = await run(command, args).then(
          () => undefined,
          (e: unknown) => e,
        );
        expect(failure).toBeInstanceOf(RunError);
        expect((failure as RunError).reason).toBe("exit");
        expect((failure as RunError).message).toMatch(
          new RegExp(`failed \\(exit ${code}\\):\\nline 1\\nwhy it failed$`),
        );
        expect(() => runSync(command, args)).toThrow(`failed (exit ${code})`);
      }),
      { numRuns: 6 },
    );
  }, 60_000);

  test.each(["SIGTERM", "SIGKILL", "SIGINT", "SIGHUP"] as const)(
    "ended by %s, it says which signal",
    async (signal) => {
      const [command, args] = js(`process.kill(process.pid, "${signal}"); setTimeout(() => {}, 10_000)`);
      const result = await run(command, args, { check: false });
      expect(result).toMatchObject({ code: null, signal, ok: false, timedOut: false });
      await expect(run(command, args)).rejects.toThrow(`failed (signal ${signal})`);
      expect(runSync(command, args, { check: false }).signal).toBe(signal);
    },
  );

  test("the environment, the folder and stdin are the ones given", async () => {
    const [command, args] = js(
      "let i = ''; process.stdin.on('data', (d) => (i += d))" +
        ".on('end', () => console.log(process.cwd(), process.env.WHO, i))",
    );
    const options = { cwd: dir, env: { ...process.env, WHO: "runner" }, input: "from stdin" };
    expect((await run(command, args, options)).stdout).toBe(`${dir} runner from stdin\n`);
    expect(runSync(command, args, options).stdout).toBe(`${dir} runner from stdin\n`);
  });

  test("inherited output reaches the parent's stdout as the child writes it", async () => {
    const runner = path.resolve(import.meta.dirname, "../../scripts/run.mjs");
    const [command, args] = js(
      `const { run } = await import(${JSON.stringify(runner)});` +
        `const r = await run(process.execPath, ["-e", "console.log('from the child')"], { output: "inherit" });` +
        `console.log("held:", JSON.stringify(r.stdout))`,
    );
    const { stdout } = await run(command, ["--input-type=module", ...args]);
    expect(stdout).toBe('from the child\nheld: ""\n');
  });
});

describe("a child that does not end", () => {
  test("past its time bound it is stopped by PID, and the error says so", async () => {
    const [command, args] = js("console.log('started'); setInterval(() => {}, 1_000)");
    const failure = (await run(command, args, { timeoutMs: 300 }).catch((e: unknown) => e)) as RunError;
    expect(failure).toBeInstanceOf(RunError);
    expect(failure.reason).toBe("timeout");
    expect(failure.message).toMatch(/did not finish within 0\.3 s and was stopped \(pid (\d+)\)/);
    const pid = Number(/pid (\d+)/.exec(failure.message)![1]);
    expect(alive(pid)).toBe(false);
    expect(failure.result).toMatchObject({ timedOut: true, signal: "SIGTERM", ok: false });
  });

  test("one that ignores SIGTERM gets SIGKILL after the grace period", async () => {
    // A shell ignores SIGTERM from its first instruction on (a Node child might get it before its handler is
    // set up on a loaded machine), and exec keeps it ignored in sleep, which then has the shell's PID.
    const result = await run("sh", ["-c", "trap '' TERM; exec sleep 30"], {
      timeoutMs: 1_000,
      graceMs: 300,
      check: false,
    });
    expect(result).toMatchObject({ timedOut: true, signal: "SIGKILL", ok: false });
  }, 20_000);

  test("with group, the time bound stops what it started too", async () => {
    // The shell prints its background child's PID, then waits: only a signal to the whole group reaches both.
    const result = await run("sh", ["-c", "sleep 30 & echo $!; wait"], { timeoutMs: 1_000, check: false, group: true });
    expect(result.timedOut).toBe(true);
    const grandchild = Number(result.stdout.trim());
    expect(grandchild).toBeGreaterThan(0);
    // Killed, it may stay a zombie until something reaps it (PID 1 of a container may not): read its state.
    const state = (() => {
      try {
        return readFileSync(`/proc/${grandchild}/stat`, "utf8").split(") ")[1]![0];
      } catch {
        return "gone";
      }
    })();
    expect(["gone", "Z"]).toContain(state);
  }, 20_000);

  test("runSync stops it too", () => {
    const [command, args] = js("setInterval(() => {}, 1_000)");
    expect(() => runSync(command, args, { timeoutMs: 300 })).toThrow(/did not finish within 0\.3 s/);
  });
});

describe("a command that cannot start", () => {
  test("is an error naming it and what to install, from run and runSync", async () => {
    const missing = "Debian: apt-get install no-such-tool";
    const message = /did not start: no-such-tool-zq is not installed or not on PATH \(Debian: apt-get install/;
    const failure = (await run("no-such-tool-zq", ["--x"], { missing }).catch((e: unknown) => e)) as RunError;
    expect(failure.reason).toBe("spawn");
    expect(failure.message).toMatch(message);
    // Even when failures are the caller's to read: a run that never started has no result to read.
    await expect(run("no-such-tool-zq", [], { missing, check: false })).rejects.toThrow(message);
    expect(() => runSync("no-such-tool-zq", [], { missing, check: false })).toThrow(message);
  });

  test("a folder that does not exist is named as the reason", async () => {
    const [command, args] = js("0");
    const cwd = path.join(dir, "missing");
    await expect(run(command, args, { cwd })).rejects.toThrow(`did not start: its folder ${cwd} does not exist`);
    expect(() => runSync(command, args, { cwd })).toThrow(`did not start: its folder ${cwd} does not exist`);
  });
});

test("stillRunning names what still runs at each beat, and nothing once all ended or stopped", async () => {
  const lines: string[] = [];
  const log = vi.spyOn(console, "log").mockImplementation((line: string) => void lines.push(line));
  try {
    const pending = new Set(["Python sources", "Go sources"]);
    const stop = stillRunning("npm test", pending, 30);
    await new Promise((r) => setTimeout(r, 45));
    pending.delete("Go sources");
    await new Promise((r) => setTimeout(r, 30));
    pending.clear();
    await new Promise((r) => setTimeout(r, 45));
    stop();
    expect(lines[0]).toMatch(/^npm test: still running after \d+ s: Python sources, Go sources$/);
    expect(lines.at(-1)).toMatch(/^npm test: still running after \d+ s: Python sources$/);
    const said = lines.length;
    await new Promise((r) => setTimeout(r, 45));
    expect(lines).toHaveLength(said);
  } finally {
    log.mockRestore();
  }
});
