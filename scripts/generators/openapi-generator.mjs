// OpenAPI Generator (the jar scripts/clients.mjs pins), default options: `generate -g <name> -i <doc> -o <dir>`.
import path from "node:path";
import { KNOWN_WARNINGS } from "../clients.mjs";
import { openapiGeneratorJar, PINS, run } from "./tools.mjs";

/** A short-lived JVM: the quick compiler alone and the serial collector (about 40% less CPU, see clients.mjs). */
export const JVM = ["-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC"];

/**
 * OpenAPI Generator's `generate` with one of its generators, into `folder` of the generator's folder.
 * @param {string} generatorName @param {import("./tools.mjs").Context} ctx @param {string} [folder]
 */
export async function generateWith(generatorName, ctx, folder = "client") {
  const jar = await openapiGeneratorJar();
  return run(
    "java",
    [...JVM, "-jar", jar, "generate", "-g", generatorName, "-i", ctx.document, "-o", path.join(ctx.dir, folder)],
    { cwd: ctx.dir },
  );
}

/**
 * Its WARN and ERROR lines, less those scripts/clients.mjs lists as not about the document (the 3.1 beta notice
 * printed for every 3.1 document, the normalizer's self-reference probe); the machine's paths are cut out.
 * @param {string} output @param {import("./tools.mjs").KnownWarnings} [known]
 */
export function openapiGeneratorWarnings(output, known = []) {
  const lines = output.split("\n").filter((l) => /\b(WARN|ERROR)\b/.test(l));
  const messages = lines.map((l) =>
    l.replace(/^.*?\b(WARN|ERROR)\s+\S+\s+-\s+/, "$1 ").replace(/path=\S*\/out\/generators\/[^/]+\//, "path="),
  );
  return [...new Set(messages.filter((m) => ![...KNOWN_WARNINGS, ...known].some(([pattern]) => pattern.test(m))))];
}

export const openapiGeneratorVersion = () => `openapi-generator-cli ${PINS.openapiGenerator}`;

/**
 * The java generator's notice that it leaves object examples of request bodies out of its generated README
 * and docs: about its documentation templates, not the client, and the document's examples are valid.
 * @type {import("./tools.mjs").KnownWarnings}
 */
export const JAVA_KNOWN_WARNINGS = [
  [
    /Ignoring complex example on request body/,
    "java leaves object examples of request bodies out of its generated docs",
  ],
];
