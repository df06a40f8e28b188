// Once per vitest run: one Prism on the bundled document for every test file that asks for it (see
// startPrism), instead of one per file; stopped by PID after the last file.
import type { TestProject } from "vitest/node";
import { spawnPrism } from "./prism.ts";

export default async function setup(project: TestProject) {
  const prism = await spawnPrism();
  project.provide("sharedPrism", { url: prism.url, pid: prism.pid });
  return () => prism.stop();
}
