// A module evaluated anew inside the running test (from a beforeEach or the test itself). Module-level code
// (patterns, constants) then runs while a test runs, so StrykerJS counts its mutants as covered by that test and
// runs it against them; imported at the top of a file, that code runs before any test and StrykerJS, with
// `ignoreStatic`, can only ignore its mutants. See docs/mutation.md.
import { vi } from "vitest";

export async function fresh<T>(load: () => Promise<T>): Promise<T> {
  vi.resetModules();
  return load();
}
