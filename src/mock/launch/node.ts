// The Node.js the mock runs on must be one its package names (engines, what its dependencies declare): on an older one
// the mock refuses to start and says which it needs, instead of failing later in a dependency.
import { readFileSync } from "node:fs";
import { files } from "../files.ts";

/** The lowest Node.js version the mock package names (`>=X.Y.Z` in its engines). */
export function nodeFloor(): string {
  const engines = (JSON.parse(readFileSync(files.manifest, "utf8")) as { engines: { node: string } }).engines.node;
  const floor = /^>=\s*(\d+\.\d+\.\d+)$/.exec(engines.trim())?.[1];
  if (!floor) throw new Error(`The mock package's engines.node is ${JSON.stringify(engines)}, not ">=X.Y.Z".`);
  return floor;
}

const parts = (version: string) => version.split(".").map(Number);

/** Why this Node.js cannot run the mock, or undefined when it can. */
export function nodeTooOld(version = process.versions.node, floor = nodeFloor()): string | undefined {
  const [have, need] = [parts(version), parts(floor)];
  for (let i = 0; i < 3; i++) {
    if (have[i]! > need[i]!) return undefined;
    if (have[i]! < need[i]!)
      return `The mock needs Node.js ${floor} or later (what its package and Prism declare); this is Node.js ${version}.`;
  }
  return undefined;
}
