#!/usr/bin/env node
// The fo-mock bin. The mock package ships it built (dist/fo-mock.mjs); in this repository `bash scripts/dev.sh mock`
// runs it from source with tsx.
import { main } from "./cli.ts";

void main(process.argv.slice(2));
