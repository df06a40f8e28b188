// Where the mock's own files are: beside its source in this repository (the modules run as .ts), beside its bundle in
// the financial-operations-api-mock package (dist/*.mjs, with the document, the prepared operations and the fixture
// copied next to it). The one place that knows both layouts; scripts/build-package.mjs puts the files where the second
// one says.
import { fileURLToPath } from "node:url";

const fromSource = import.meta.url.endsWith(".ts");
const at = (inSource: string, inPackage: string) =>
  fileURLToPath(new URL(fromSource ? inSource : inPackage, import.meta.url));

export const files = {
  /** The bundled OpenAPI document the mock serves. */
  document: at("../../generated/openapi.json", "../openapi.json"),
  /** The document's operations as Prism reads them, prepared at build (./prism/operations.ts); none from source. */
  operations: fromSource ? undefined : at("", "./operations.json"),
  /** The RFI cases the stateful mode starts with. */
  rfiFixture: at("./stateful/rfi-cases.json", "./rfi-cases.json"),
  /** The mock package's manifest: its package.json, or in this repository the manifest it is made from. */
  manifest: at("../../packages/mock/manifest.json", "../package.json"),
  /** The mock's process as startMock starts it. */
  process: at("./launch/process.ts", "./process.mjs"),
  /** Whether the modules run from their TypeScript source (the mock's process then needs tsx to load). */
  fromSource,
};
