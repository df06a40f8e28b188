// The Prism mock on a free port of 127.0.0.1 for the test files: one started by the global setup for the
// whole run (test/helpers/globalSetup.ts) and shared, or a fresh one, stopped by PID.
import { spawn, type ChildProcess } from "node:child_process";
import { createRequire } from "node:module";
import net from "node:net";
import path from "node:path";

const require = createRequire(import.meta.url);
const prismEntry = require.resolve("@stoplight/prism-cli/dist/index.js");
export const bundlePath = path.resolve(import.meta.dirname, "../../generated/openapi.json");

/** Asks the kernel for a port that is free right now on 127.0.0.1. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on("error", reject);
    srv.listen(0, "127.0.0.1", () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

export interface RunningServer {
  url: string;
  pid: number;
  stop(): Promise<void>;
}

/** Kills a child by PID and waits until it has exited. */
export function stopChild(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    const timer = setTimeout(() => child.pid && process.kill(child.pid, "SIGKILL"), 5_000);
    child.once("exit", () => {
      clearTimeout(timer);
      resolve();
    });
    if (child.pid) process.kill(child.pid, "SIGTERM");
  });
}

/**
 * Prism on the bundled document for a test file. Under vitest that is the run's shared Prism, which the
 * global setup started with these same arguments and stops by PID after the last file (`stop` leaves it
 * running for the other files); with another document or extra arguments, or outside vitest, a fresh one.
 */
export async function startPrism(document = bundlePath, extraArgs: string[] = []): Promise<RunningServer> {
  const shared = document === bundlePath && extraArgs.length === 0 ? await sharedPrismUrl() : undefined;
  if (shared) return { ...shared, stop: async () => {} };
  return spawnPrism(document, extraArgs);
}

async function sharedPrismUrl(): Promise<{ url: string; pid: number } | undefined> {
  if (!process.env.VITEST) return undefined;
  const { inject } = await import("vitest");
  return inject("sharedPrism");
}

declare module "vitest" {
  export interface ProvidedContext {
    sharedPrism: { url: string; pid: number } | undefined;
  }
}

/** Starts `prism mock` on the document; resolves once Prism says it is listening. */
export async function spawnPrism(document = bundlePath, extraArgs: string[] = []): Promise<RunningServer> {
  const port = await freePort();
  const child = spawn(
    process.execPath,
    [prismEntry, "mock", "--host", "127.0.0.1", "--port", String(port), "--errors", "false", ...extraArgs, document],
    { env: { ...process.env, SCARF_ANALYTICS: "false", DO_NOT_TRACK: "1" }, stdio: ["ignore", "pipe", "pipe"] },
  );
  let log = "";
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`Prism did not start within 30 s:\n${log}`)), 30_000);
    const onData = (d: Buffer) => {
      log = (log + d.toString()).slice(-20_000);
      if (log.includes("Prism is listening")) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout!.on("data", onData);
    child.stderr!.on("data", onData);
    child.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`Prism exited with ${code} before listening:\n${log}`));
    });
  });
  return { url: `http://127.0.0.1:${port}`, pid: child.pid!, stop: () => stopChild(child) };
}
