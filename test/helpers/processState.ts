// Run before every test file (vitest setupFiles). Files share worker processes (isolate: false), so a file
// that leaves the working directory or an environment variable changed would change what later files see:
// such a file fails here, naming what it left behind.
import { afterAll, beforeAll, expect } from "vitest";

let cwd: string;
let env: Record<string, string | undefined>;

beforeAll(() => {
  cwd = process.cwd();
  env = { ...process.env };
});

afterAll(() => {
  const changed = [...new Set([...Object.keys(env), ...Object.keys(process.env)])].filter(
    (name) => env[name] !== process.env[name],
  );
  expect({ cwd: process.cwd(), changedEnv: changed }, "a test file must restore the process state it changes").toEqual({
    cwd,
    changedEnv: [],
  });
});
