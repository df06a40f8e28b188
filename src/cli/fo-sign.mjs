#!/usr/bin/env node
// Launcher of the signing CLI (src/cli/sign.ts): tsx loads the TypeScript, so Node 20 runs it without a build.
import { register } from "tsx/esm/api";

register();
const { main } = await import("./sign.ts");
main();
