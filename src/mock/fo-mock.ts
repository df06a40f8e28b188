#!/usr/bin/env node
// The fo-mock bin. The mock package ships it built (dist/fo-mock.mjs); in this repository `bash scripts/dev.sh mock`
// runs it from source with tsx. The compile cache goes on before the CLI (and Prism) load.
import { cacheCompiledCode } from "./launch/compileCache.ts";
import { nodeTooOld } from "./launch/node.ts";

const old = nodeTooOld();
if (old) {
  process.stderr.write(`fo-mock: ${old}\n`);
  process.exitCode = 2;
} else {
  cacheCompiledCode();
  const { main } = await import("./cli.ts");
  void main(process.argv.slice(2));
}
