// Loads the project's Spectral ruleset (.spectral.yaml, with its custom functions) and lints small
// inline documents with one rule on and every other rule off, OWASP-ruleset style.
import fs from "node:fs";
import path from "node:path";
import { Document, Spectral, type Ruleset } from "@stoplight/spectral-core";
import * as Parsers from "@stoplight/spectral-parsers";
import { builtins } from "@stoplight/spectral-ruleset-bundler/plugins/builtins";
import { commonjs } from "@stoplight/spectral-ruleset-bundler/plugins/commonjs";
import { bundleAndLoadRuleset } from "@stoplight/spectral-ruleset-bundler/with-loader";

export const root = path.resolve(import.meta.dirname, "../..");
export const rulesetPath = path.join(root, ".spectral.yaml");

// biome-ignore lint/suspicious/noExplicitAny: the rule fixtures are arbitrary JSON documents, read by path
export type Json = any;

export interface Finding {
  code: string;
  path: string;
  message: string;
  severity: number;
}

/** Every extended ruleset is in node_modules: a network request would be a bug. */
const offline = (() => {
  throw new Error("lint tests run offline");
}) as unknown as typeof fetch;

export function loadRuleset(): Promise<Ruleset> {
  // The same plugins as the Spectral CLI: the OWASP ruleset ships as CommonJS.
  return bundleAndLoadRuleset(rulesetPath, { fs, fetch: offline }, [builtins(), commonjs()]);
}

/** A Spectral with only `ruleId` enabled (all rules when `ruleId` is undefined). */
export async function spectralFor(ruleId?: string): Promise<Spectral> {
  const ruleset = await loadRuleset();
  if (ruleId !== undefined) {
    if (!(ruleId in ruleset.rules)) throw new Error(`No rule ${ruleId} in .spectral.yaml`);
    for (const [id, rule] of Object.entries(ruleset.rules)) rule.enabled = id === ruleId;
  }
  const spectral = new Spectral();
  spectral.setRuleset(ruleset);
  return spectral;
}

/** Lints a document given as an object; paths are joined with "." for readable assertions. */
export async function lint(spectral: Spectral, doc: Json): Promise<Finding[]> {
  const results = await spectral.run(new Document(JSON.stringify(doc, null, 2), Parsers.Json, "inline.json"));
  return results.map((r) => ({
    code: String(r.code),
    path: r.path.join("."),
    message: r.message,
    severity: r.severity,
  }));
}

/** One rule under test: `run(doc)` lints with only that rule on. */
export function ruleUnderTest(ruleId: string) {
  const spectral = spectralFor(ruleId);
  return { run: async (doc: Json) => lint(await spectral, doc) };
}

/** A minimal OpenAPI 3.1 document around `paths` (and optional components, webhooks, security). */
export function openapi(paths: Json, extra: Json = {}): Json {
  return { openapi: "3.1.0", info: { title: "Fixture", version: "1.0.0" }, paths, ...extra };
}

/** A JSON response whose body is `schema`, with an optional example. */
export function jsonResponse(schema: Json, description = "A response.", examples?: Json): Json {
  return { description, content: { "application/json": { schema, ...(examples ? { examples } : {}) } } };
}

export const schemaRef = (name: string) => ({ $ref: `#/components/schemas/${name}` });
export const responseRef = (name: string) => ({ $ref: `#/components/responses/${name}` });

/** The four error envelopes, as in openapi/components/schemas (trimmed to what identifies them). */
export const envelopes: Json = {
  FlatError: {
    type: "object",
    description: "Flat envelope.",
    properties: {
      code: { type: "string", description: "Code." },
      status: { type: "integer", description: "Status." },
      trace_id: { type: "string", description: "Trace." },
      time: { type: "string", format: "date-time", description: "Time." },
    },
    additionalProperties: false,
  },
  LegacyAuthError: {
    type: "object",
    description: "Older auth shape.",
    properties: {
      status_code: { type: "integer", description: "Status." },
      code: { const: "Unauthorized", description: "Code." },
    },
    additionalProperties: false,
  },
  V2Errors: {
    type: "object",
    description: "v2 errors array.",
    properties: {
      errors: { type: "array", description: "Errors.", items: { type: "object", additionalProperties: false } },
    },
    additionalProperties: false,
  },
  PortfolioError: {
    type: "object",
    description: "Portfolio error object.",
    properties: { error: { type: "object", description: "Error.", additionalProperties: false } },
    additionalProperties: false,
  },
};
