// The package as an application runs it: src/index.ts bundled by esbuild (openapi-fetch included), not
// the TypeScript source through tsx, whose name-keeping wrappers on every closure would be measured too.
import path from "node:path";
import { build } from "esbuild";

export async function loadShipped(): Promise<typeof import("../src/index.ts")> {
  const out = await build({
    entryPoints: [path.resolve(import.meta.dirname, "../src/index.ts")],
    bundle: true,
    format: "esm",
    platform: "node",
    write: false,
    legalComments: "none",
  });
  return import(`data:text/javascript;base64,${Buffer.from(out.outputFiles[0]!.contents).toString("base64")}`);
}
