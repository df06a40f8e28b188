import { spawnSync } from "node:child_process";
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, test } from "vitest";
import { loadBundle, type Json } from "../helpers/document.ts";

const root = path.resolve(import.meta.dirname, "../..");
const script = path.join(root, "scripts/breaking.mjs");
const dir = mkdtempSync(path.join(os.tmpdir(), "breaking-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const current = loadBundle();

/** Runs the check on a changed copy of the current document; returns its exit code and output. */
function checkCopy(name: string, change: (doc: Json) => void) {
  const doc = structuredClone(current);
  change(doc);
  const file = path.join(dir, `${name}.json`);
  writeFileSync(file, JSON.stringify(doc));
  const res = spawnSync(process.execPath, [script, "--document", file], { cwd: root, encoding: "utf8" });
  return { status: res.status, output: res.stdout + res.stderr };
}

describe("breaking-change check against the released baseline", () => {
  test("keeps the last released document, 1.0.13, as the baseline", () => {
    expect(readdirSync(path.join(root, "baseline")).filter((f) => f.endsWith(".json"))).toContain("openapi-1.0.13.json");
  });

  test("passes the real document (fresh bundle of openapi/)", () => {
    const res = spawnSync(process.execPath, [script], { cwd: root, encoding: "utf8" });
    expect(res.stdout + res.stderr).toContain("no breaking change against 1.0.13");
    expect(res.status).toBe(0);
  });

  test("flags a removed operation", () => {
    const { status, output } = checkCopy("removed-operation", (doc) => delete doc.paths["/deposit_instruction/{id}"].get);
    expect(output).toMatch(/\[Removed\] operation GET \/deposit_instruction\/\{id\}/);
    expect(status).toBe(1);
  });

  test("flags a newly required request field", () => {
    const { status, output } = checkCopy("new-required-field", (doc) => {
      const body = doc.components.schemas.TermsSignatureRequest;
      body.properties.locale = { type: "string", description: "Language of the terms." };
      body.required = [...body.required, "locale"];
    });
    expect(output).toMatch(/required status to `locale` in Request Body/);
    expect(status).toBe(1);
  });

  test("spelling out the default additionalProperties: true is no change", () => {
    const open = checkCopy("explicit-open", (doc) => {
      doc.components.schemas.TermsSignatureRequest.additionalProperties = true;
    });
    expect(open.output).toContain("no breaking change against 1.0.13");
    expect(open.status).toBe(0);
  });

  test("passes a breaking change released as a new version with a changelog section", () => {
    const { status, output } = checkCopy("released", (doc) => {
      delete doc.paths["/deposit_instruction/{id}"].get;
      doc.info.version = "2.0.0";
      doc.info.description += "\n\n### 2.0.0\n- Removed GET /deposit_instruction/{id}.\n";
    });
    expect(output).toContain("released as 2.0.0 with a changelog section");
    expect(status).toBe(0);
  });

  test("fails a new version without a changelog section, even with no breaking change", () => {
    const { status, output } = checkCopy("version-only", (doc) => (doc.info.version = "1.0.14"));
    expect(output).toContain('has no "### 1.0.14" section');
    expect(status).toBe(1);
  });

  test("lists the accepted corrections with their reasons, and they cover nothing else", () => {
    const res = spawnSync(process.execPath, [script], { cwd: root, encoding: "utf8" });
    expect(res.stdout).toContain("breaking changes accepted against 1.0.13 (baseline/accepted-1.0.13.json):");
    expect(res.stdout).toContain("Response bodies no longer closed");
    // A response field that changes type is not among them.
    const { status, output } = checkCopy("retyped-response-field", (doc) => (doc.components.schemas.RfiCaseList.properties.total.type = "string"));
    expect(output).toMatch(/breaking change\(s\) against 1\.0\.13/);
    expect(status).toBe(1);
  });

  test("passes an additive change (new optional request field)", () => {
    const { status } = checkCopy("optional-field", (doc) => {
      doc.components.schemas.TermsSignatureRequest.properties.locale = { type: "string", description: "Language of the terms." };
    });
    expect(status).toBe(0);
  });
});
