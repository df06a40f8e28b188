#!/usr/bin/env node
// The fo-sign bin. `npm run build` compiles it to dist/cli/fo-sign.mjs (what the package ships); in this
// repository `npm run sign` runs it from source with tsx.
import { main } from "./sign.ts";

void main(process.argv.slice(2));
