// Where the mock's own files are: beside its source in this repository (the modules run as .ts), beside its bundle in
// the financial-operations-api-mock package (dist/*.mjs, with the document and the fixture copied next to it). The one
// place that knows both layouts; scripts/build-package.mjs puts the files where the second one says.
import { fileURLToPath } from "node:url";

const fromSource = import.meta.url.endsWith(".ts");
const at = (inSource: string, inPackage: string) =>
  fileURLToPath(new URL(fromSource ? inSource : inPackage, import.meta.url));

export const files = {
  /** The bundled OpenAPI document the mock serves. */
  document: at("../../generated/openapi.json", "../openapi.json"),
  /** The RFI cases the stateful mode starts with. */
  rfiFixture: at("./stateful/rfi-cases.json", "./rfi-cases.json"),
  /** Preloaded into Prism's process: the signature front (node --import). */
  preload: at("./launch/preload.ts", "./preload.mjs"),
  /** Preloaded into Prism's process: ends it when the process that started it goes (node --require). */
  tether: at("./launch/tether.cjs", "./tether.cjs"),
  /** Whether the modules run from their TypeScript source (the preload then needs tsx to load). */
  fromSource,
};
