// Run before every test file (vitest setupFiles). Files share worker processes (isolate: false), so a file
// that leaves the working directory or an environment variable changed, or descriptors open, would change what later
// files see (a worker that has run out of descriptors fails another file's connect with EMFILE): such a file fails
// here, naming what it left behind.
import { readdirSync } from "node:fs";
import { afterAll, beforeAll, expect } from "vitest";
import { openFileLimit } from "../../src/server/connections.ts";

let cwd: string;
let env: Record<string, string | undefined>;
let descriptors: number;

/** Descriptors this process holds (Linux); a file ends within a few of where it began (measured: +-2). */
const openDescriptors = () => readdirSync("/proc/self/fd").length;
const DESCRIPTOR_SLACK = 16;

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
    `a test file must close what it opens: ${left} more descriptors than at its start (limit ${openFileLimit()})`,
  ).toBeLessThanOrEqual(DESCRIPTOR_SLACK);
});
