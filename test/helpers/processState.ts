// Run before every test file (vitest setupFiles). Files share worker processes (isolate: false), so a file
// that leaves the working directory or an environment variable changed, or descriptors open, would change what later
// files see (a worker that has run out of descriptors fails another file's connect with EMFILE): such a file fails
// here, naming what it left behind. A test that fails with more than half the process's descriptors open says so, by
// kind: an EMFILE elsewhere then comes with what held them.
import { readdirSync, readlinkSync } from "node:fs";
import { afterAll, beforeAll, beforeEach, expect } from "vitest";
import { openFileLimit } from "../../src/server/connections.ts";

let cwd: string;
let env: Record<string, string | undefined>;
let descriptors: number;

/** Descriptors this process holds (Linux); a file ends within a few of where it began (measured: +-2). */
const openDescriptors = () => readdirSync("/proc/self/fd").length;
const DESCRIPTOR_SLACK = 16;

/** The open descriptors against the limit, by kind: "1021 of 1024 (socket 1000, pipe 12, file 9)". */
function descriptorSummary(): string {
  const kinds = new Map<string, number>();
  for (const fd of readdirSync("/proc/self/fd")) {
    let kind = "closed meanwhile";
    try {
      kind = /^(socket|pipe|anon_inode):/.exec(readlinkSync(`/proc/self/fd/${fd}`))?.[1] ?? "file";
    } catch {}
    kinds.set(kind, (kinds.get(kind) ?? 0) + 1);
  }
  const total = [...kinds.values()].reduce((a, b) => a + b, 0);
  const byKind = [...kinds].map(([kind, n]) => `${kind} ${n}`).join(", ");
  return `${total} of ${openFileLimit() ?? "an unknown limit"} (${byKind})`;
}

beforeEach(({ onTestFailed }) =>
  onTestFailed(() => {
    const limit = openFileLimit();
    if (limit !== undefined && openDescriptors() > limit / 2)
      console.error(`A test failed with most of the process's descriptors open: ${descriptorSummary()}`);
  }),
);

beforeAll(() => {
  cwd = process.cwd();
  env = { ...process.env };
  descriptors = openDescriptors();
});

afterAll(() => {
  const changed = [...new Set([...Object.keys(env), ...Object.keys(process.env)])].filter(
    (name) => env[name] !== process.env[name],
  );
  expect({ cwd: process.cwd(), changedEnv: changed }, "a test file must restore the process state it changes").toEqual({
    cwd,
    changedEnv: [],
  });
  const left = openDescriptors() - descriptors;
  expect(
    left,
    `a test file must close what it opens: ${left} more descriptors than at its start, now ${descriptorSummary()}`,
  ).toBeLessThanOrEqual(DESCRIPTOR_SLACK);
});
