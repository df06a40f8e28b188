// The docs' worked signing example is one case of the signing vectors (test/signing/vectors.json), value for
// value: a change to either side fails here, so the page cannot drift from what the client is tested against.
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, test } from "vitest";
import { docsDocument } from "../../scripts/docs.mjs";
import { run } from "../../src/cli/sign.ts";
import { signRequest } from "../../src/signing/index.ts";
import { loadBundle } from "../helpers/document.ts";
import fixtures from "../signing/vectors.json" with { type: "json" };

const root = path.resolve(import.meta.dirname, "../..");
const markdown = readFileSync(path.join(root, "openapi/components/securitySchemes/ServiceHmacSignature.md"), "utf8");

/** The "#### Worked example" part of the scheme's description, up to the mismatch causes. */
const example = /^#### Worked example\n([\s\S]*?)^A wrong signature/m.exec(markdown)?.[1] ?? "";
const vectorName = /The signing vector "([^"]+)"/.exec(example)?.[1];
const vector = fixtures.cases.find((c) => c.name === vectorName)!;

/** `| \`NAME\` | \`value\` |` rows of the inputs table. */
const inputs = Object.fromEntries(
  [...example.matchAll(/^\| (?:`([A-Z_]+)`|(time of signing)) \| `([^`]*)` \|/gm)].map((m) => [m[1] ?? m[2], m[3]]),
);
/** `1. \`NAME\`: \`value\`` steps. */
const steps = Object.fromEntries([...example.matchAll(/^\d\. `([A-Z_]+)`: `([^`]+)`$/gm)].map((m) => [m[1], m[2]]));
/** The fenced blocks of a language, without the list indentation. */
const blocks = (lang: string) =>
  [...example.matchAll(new RegExp(`^( *)\`\`\`${lang}\\n([\\s\\S]*?)\\n\\1\`\`\`$`, "gm"))].map((m) =>
    m[2]!.replace(new RegExp(`^${m[1]}`, "gm"), ""),
  );

describe("the worked signing example in the docs", () => {
  test("names a case of the signing vectors", () => {
    expect(example).not.toBe("");
    expect(vector, `no vector named ${vectorName}`).toBeDefined();
    expect(vector.input.body.kind).toBe("utf8");
  });

  test("its inputs are the vector's", () => {
    expect(inputs).toEqual({
      ACCESS_KEY: vector.input.accessKey,
      SECRET_KEY: vector.input.secretKey,
      METHOD: vector.input.method,
      PATH: vector.input.path,
      BODY: vector.input.body.text,
      "time of signing": vector.input.time,
    });
    const bytes = Buffer.byteLength(vector.input.body.text!);
    expect(example).toContain(`exactly those ${bytes} bytes`);
    const secret = Buffer.from(vector.input.secretKey, "base64url");
    expect(example).toContain(`the ${secret.length}\nbytes of the text \`${secret.toString("latin1")}\``);
  });

  test("its derived values are the vector's", () => {
    expect(steps).toEqual({
      TIMESTAMP: vector.expected.timestamp,
      BODY_HASH: vector.expected.bodyHash,
      SIGNATURE: vector.expected.signature,
    });
    expect(blocks("text")).toEqual([vector.expected.stringToSign]);
  });

  test("its headers are the vector's", () => {
    expect(blocks("http")).toEqual([
      [
        `Authorization: ${vector.expected.authorization}`,
        `X-SVC-Date: ${vector.expected.timestamp}`,
        "Content-Type: application/json",
      ].join("\n"),
    ]);
  });

  test("signRequest derives the same values", () => {
    const signed = signRequest({
      accessKey: inputs.ACCESS_KEY!,
      secretKey: inputs.SECRET_KEY!,
      method: inputs.METHOD!,
      path: inputs.PATH!,
      body: new TextEncoder().encode(inputs.BODY),
      time: new Date(inputs["time of signing"]!),
    });
    expect([
      signed.timestamp,
      signed.bodyHash,
      signed.stringToSign,
      signed.signature,
      signed.headers.Authorization,
    ]).toEqual([steps.TIMESTAMP, steps.BODY_HASH, blocks("text")[0], steps.SIGNATURE, vector.expected.authorization]);
  });

  test("its CLI command prints the same signature", () => {
    const [command] = blocks("sh");
    const env = Object.fromEntries([...command!.matchAll(/\b(FO_[A-Z_]+)=(\S+)/g)].map((m) => [m[1], m[2]]));
    const argv = command!
      .replace(/\\\n/g, " ")
      .replace(/^.*npm run sign -- /s, "")
      .match(/'[^']*'|\S+/g)!
      .map((a) => a.replace(/^'(.*)'$/s, "$1"));
    const out = run(argv, env);
    expect(out).toContain(vector.expected.signature);
    expect(out).toContain(`Authorization: ${vector.expected.authorization}`);
    expect(out).toContain(`X-SVC-Date: ${vector.expected.timestamp}`);
  });

  test("is in the bundle and the Authentication section", () => {
    const doc = loadBundle();
    expect(doc.components.securitySchemes.ServiceHmacSignature.description.trim()).toBe(markdown.trim());
    const description: string = docsDocument(doc).info.description;
    const auth = description.slice(description.indexOf("## Authentication"));
    expect(auth.indexOf(vector.expected.stringToSign.split("\n").join("\n   "))).toBeGreaterThan(0);
    expect(auth.indexOf("#### Worked example")).toBeLessThan(auth.indexOf("Usual causes"));
  });
});
