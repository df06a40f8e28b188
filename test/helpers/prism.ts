// Prism alone on the bundled document (startMock({ bare: true }), as a user starts a bare mock) for the test files that
// check Prism's own answers: one started by the global setup for the whole run and shared, or a fresh one.
import path from "node:path";
import { startMock } from "../../src/mock/index.ts";

export const bundlePath = path.resolve(import.meta.dirname, "../../generated/openapi.json");

export interface RunningServer {
  url: string;
  pid: number;
  stop(): Promise<void>;
}

/**
 * Prism for a test file. Under vitest that is the run's shared Prism, which the global setup started and stops after
 * the last file (`stop` leaves it running for the other files); outside vitest, a fresh one.
 */
export async function startPrism(): Promise<RunningServer> {
  const shared = await sharedPrismUrl();
  if (shared) return { ...shared, stop: async () => {} };
  return spawnPrism();
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

/** A fresh bare Prism on a free port; resolves once it accepts connections. */
export async function spawnPrism(): Promise<RunningServer> {
  const mock = await startMock({ bare: true });
  return { url: mock.url, pid: mock.pid, stop: () => mock.close() };
}
