// lint/vacuum.yaml, the exceptions of the vacuum step of `npm run lint`: vacuum's recommended ruleset, and every
// rule it turns off named with its reason on the line above (the same convention as .spectral.yaml's OWASP rules).
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, test } from "vitest";
import YAML from "yaml";
import { root } from "./helpers.ts";

const file = path.join(root, "lint/vacuum.yaml");
const text = readFileSync(file, "utf8");
const ruleset = YAML.parse(text);

describe("lint/vacuum.yaml", () => {
  test("extends vacuum's recommended ruleset", () => {
    expect(ruleset.extends).toEqual([["vacuum:oas", "recommended"]]);
  });

  test("waives rules with a reason, changes nothing else", () => {
    const lines = text.split("\n");
    const waived = Object.entries(ruleset.rules ?? {});
    expect(waived.length).toBeGreaterThan(0);
    for (const [id, value] of waived) {
      expect(value, id).toBe("off");
      const at = lines.findIndex((l) => l.trim() === `${id}: off`);
      expect(lines[at - 1]?.trim(), `${id}: reason`).toMatch(/^# \S.{40,}/);
      expect(lines[at - 2]?.trim() ?? "", `${id}: the reason is one line`).not.toMatch(/^# /);
    }
  });
});
