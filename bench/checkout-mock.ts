// How to run a checkout's own mock command, for the benchmarks that set this checkout beside another: fo-mock from
// source where the checkout has it (src/mock/fo-mock.ts), the script it replaced (scripts/mock.mjs) in older ones.
import { existsSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";

const tsx = createRequire(import.meta.url).resolve("tsx");

/** Node's arguments that run the mock command of the checkout at `root` (options follow). */
export function mockArgv(root: string): string[] {
  const foMock = path.join(root, "src/mock/fo-mock.ts");
  return existsSync(foMock) ? ["--import", tsx, foMock] : [path.join(root, "scripts/mock.mjs")];
}

/** What either command prints once it serves. */
export const READY = /fo-mock ready: |\(Ctrl-C stops (both|it)\)/;
