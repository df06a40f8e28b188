// The package as an application runs it: src/index.ts bundled by esbuild (openapi-fetch included), not
// the TypeScript source through tsx, whose name-keeping wrappers on every closure would be measured too.
import path from "node:path";
import { build } from "esbuild";

export async function loadShipped(): Promise<
  typeof import("../src/index.ts") & typeof import("../src/signing/index.ts")
> {
  // The package entry and its "signing" subpath, as an application importing both gets them.
  const out = await build({
    stdin: {
      contents: 'export * from "./src/index.ts"; export * from "./src/signing/index.ts";',
      resolveDir: path.resolve(import.meta.dirname, ".."),
      loader: "ts",
    },
    bundle: true,
    format: "esm",
    platform: "node",
    write: false,
    legalComments: "none",
  });
  return import(`data:text/javascript;base64,${Buffer.from(out.outputFiles[0]!.contents).toString("base64")}`);
}
