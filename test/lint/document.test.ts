// The project's own document passes the full ruleset, and breaking each convention in a copy of it
// makes the rule that guards the convention fail, at the place to fix.
import { readFileSync } from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, test } from "vitest";
import type { Spectral } from "@stoplight/spectral-core";
import { type Json, lint, root, rulesetPath, spectralFor } from "./helpers.ts";

const bundle: Json = JSON.parse(readFileSync(path.join(root, "generated/openapi.json"), "utf8"));
const copy = (): Json => structuredClone(bundle);
const CUSTOMER = "/v1/customers/{customer_id}";
/** The path suffix from a response to its JSON examples. */
const JSON_EXAMPLES = ".content.application/json.examples";
const PORTFOLIO = "/v1/portfolios/{portfolio_id}/conversions";
const UPLOAD = "/v2/accounts/{main_account_id}/individuals/{sub_account_id}/documents/{document_type}";

let spectral: Spectral;
beforeAll(async () => {
  spectral = await spectralFor();
});

/** Lints with only `rules` on: Spectral reads each rule's `enabled` when it runs, so the one loaded ruleset serves. */
async function lintOnly(rules: string[], doc: Json) {
  const all = Object.entries(spectral.ruleset!.rules);
  const was = all.map(([, rule]) => rule.enabled);
  for (const [id, rule] of all) rule.enabled = rules.includes(id);
  try {
    return await lint(spectral, doc);
  } finally {
    for (const [i, [, rule]] of all.entries()) rule.enabled = was[i]!;
  }
}

interface Breakage {
  convention: string;
  rule: string;
  path: string;
  /** Other rules that rightly fail too (an OWASP rule guarding the same thing). */
  alsoBy?: string[];
  breakIt: (doc: Json) => void;
}

const breakages: Breakage[] = [
  {
    convention: "v2 errors use the errors array",
    rule: "fo-error-envelope",
    path: "paths./v2/accounts/{main_account_id}/businesses.get.responses.401",
    breakIt: (d) =>
      (d.paths["/v2/accounts/{main_account_id}/businesses"].get.responses["401"] = {
        $ref: "#/components/responses/Unauthorized",
      }),
  },
  {
    convention: "every v1 and v2 429 uses the flat envelope",
    rule: "fo-error-envelope",
    path: "paths./v2/terms/BUSINESS_ONBOARDING/signatures.post.responses.429",
    breakIt: (d) =>
      (d.paths["/v2/terms/BUSINESS_ONBOARDING/signatures"].post.responses["429"] = {
        $ref: "#/components/responses/V2Unauthorized",
      }),
  },
  {
    convention: "every operation declares 429",
    rule: "fo-auth-rate-limit-responses",
    path: `paths.${CUSTOMER}/rfi-cases.get.responses`,
    alsoBy: ["owasp:api4:2023-rate-limit-responses-429"],
    breakIt: (d) => delete d.paths[`${CUSTOMER}/rfi-cases`].get.responses["429"],
  },
  {
    convention: "portfolio 429 declares Retry-After",
    rule: "fo-retry-after",
    path: `paths.${PORTFOLIO}/quote.post.responses.429`,
    breakIt: (d) => delete d.components.responses.PortfolioRateLimited.headers,
  },
  {
    convention: "no Idempotency-Key on the customer conversion execute",
    rule: "fo-idempotency-key",
    path: `paths.${CUSTOMER}/conversions/hedge.post.parameters.0`,
    breakIt: (d) =>
      (d.paths[`${CUSTOMER}/conversions/hedge`].post.parameters = [{ $ref: "#/components/parameters/IdempotencyKey" }]),
  },
  {
    convention: "times are date-time",
    rule: "fo-time-format",
    path: "components.schemas.PortfolioQuote.properties.valid_until",
    // The format is a ledger entry too: the ledger reports it lost.
    alsoBy: ["fo-constraint-ledger"],
    breakIt: (d) => delete d.components.schemas.PortfolioQuote.properties.valid_until.format,
  },
  {
    convention: "a timestamp whose form is not shown claims no format",
    rule: "fo-time-format",
    path: "components.schemas.Quote.properties.expire_time",
    alsoBy: ["fo-constraint-ledger"],
    breakIt: (d) =>
      Object.assign(d.components.schemas.Quote.properties.expire_time, { type: "string", format: "date-time" }),
  },
  {
    convention: "operationIds are camelCase",
    rule: "fo-operation-basics",
    path: `paths.${CUSTOMER}/conversions/order.get.operationId`,
    breakIt: (d) => (d.paths[`${CUSTOMER}/conversions/order`].get.operationId = "get_conversion"),
  },
  {
    convention: "properties are described",
    rule: "fo-description",
    path: "components.schemas.PortfolioQuote.properties.valid_until",
    breakIt: (d) => delete d.components.schemas.PortfolioQuote.properties.valid_until.description,
  },
  {
    convention: "an incomplete value list carries x-not-shown",
    rule: "fo-unknowns-marker",
    path: "components.schemas.PaymentNetwork",
    breakIt: (d) => delete d.components.schemas.PaymentNetwork["x-not-shown"],
  },
  {
    convention: "an open object carries x-not-shown",
    rule: "fo-unknowns-marker",
    path: "components.schemas.Conversion",
    breakIt: (d) => delete d.components.schemas.Conversion["x-not-shown"],
  },
  {
    convention: "conversion error examples use the operation's codes",
    rule: "fo-conversion-error-codes",
    path: `paths.${CUSTOMER}/conversions/quote.post.responses.400${JSON_EXAMPLES}.insufficientBalance`,
    breakIt: (d) => {
      d.paths[`${CUSTOMER}/conversions/quote`].post.responses["400"].content[
        "application/json"
      ].examples.insufficientBalance = {
        $ref: "#/components/examples/Error00020003",
      };
    },
  },
  {
    convention: "uploads send raw bytes, not JSON",
    rule: "fo-raw-upload",
    path: `paths.${UPLOAD}.put.requestBody.content.application/json`,
    alsoBy: ["fo-constraint-ledger"],
    breakIt: (d) => {
      const body = d.paths[UPLOAD].put.requestBody;
      body.content = { "application/json": body.content["*/*"] };
    },
  },
  {
    convention: "portfolio scopes are the documented ones",
    rule: "fo-security-defined",
    path: `paths.${PORTFOLIO}/quote.post.security.0.PortfolioBearer.0`,
    breakIt: (d) => (d.paths[`${PORTFOLIO}/quote`].post.security = [{ PortfolioBearer: ["conversions:quote:delete"] }]),
  },
  {
    convention: "schemas are objects, not booleans (orval crashes on them)",
    rule: "fo-no-boolean-schema",
    path: "components.schemas.RfiAnswer.propertyNames",
    alsoBy: ["fo-constraint-ledger"],
    breakIt: (d) => (d.components.schemas.RfiAnswer.propertyNames = false),
  },
  {
    convention: "an upload body says format: binary in place",
    rule: "fo-binary-format",
    path: `paths.${UPLOAD}.put.requestBody.content.*/*.schema`,
    // Without its format the body is a plain string, not a file (fo-raw-upload), and its ledger entry is lost.
    alsoBy: ["fo-constraint-ledger", "fo-raw-upload"],
    breakIt: (d) => delete d.paths[UPLOAD].put.requestBody.content["*/*"].schema.format,
  },
  {
    convention: "no constraint the reference does not give",
    rule: "fo-constraint-ledger",
    path: "components.schemas.BankAccountDetails",
    breakIt: (d) => (d.components.schemas.BankAccountDetails.additionalProperties = false),
  },
  {
    convention: "a success body has a schema a generator can type",
    rule: "fo-typed-success",
    path: `paths.${CUSTOMER}/rfi-cases.post.responses.2XX.content.application/json`,
    breakIt: (d) => delete d.paths[`${CUSTOMER}/rfi-cases`].post.responses["2XX"].content["application/json"].schema,
  },
  {
    convention: "examples validate against their schemas",
    rule: "oas3-valid-media-example",
    path: `paths.${CUSTOMER}/conversions/hedge.post.responses.201${JSON_EXAMPLES}.pending.value.transaction_id`,
    breakIt: (d) =>
      (d.paths[`${CUSTOMER}/conversions/hedge`].post.responses["201"].content[
        "application/json"
      ].examples.pending.value.transaction_id = 42),
  },
];

describe("the project's document", () => {
  test("passes the full ruleset without findings", async () => {
    expect(await lint(spectral, copy())).toEqual([]);
  });

  test("every house rule has a breakage below", () => {
    const house = Object.keys(spectral.ruleset?.rules ?? {}).filter((id) => id.startsWith("fo-"));
    expect(house.length).toBeGreaterThanOrEqual(14);
    expect(new Set(breakages.map((b) => b.rule))).toEqual(new Set([...house, "oas3-valid-media-example"]));
  });

  test("every OWASP rule off has a reason and a row", () => {
    const lines = readFileSync(rulesetPath, "utf8").split("\n");
    const readme = readFileSync(path.join(root, "lint/README.md"), "utf8");
    const off = lines.flatMap((line, i) => {
      const id = /^\s+(owasp:[\w:-]+):\s*off\s*$/.exec(line)?.[1];
      return id ? [{ id, reason: lines[i - 1]?.trim() ?? "", before: lines[i - 2]?.trim() ?? "" }] : [];
    });
    expect(off.length).toBeGreaterThan(0);
    for (const { id, reason, before } of off) {
      expect(reason, id).toMatch(/^# \S.{20,}/);
      expect(before, `${id}: the reason is one line`).not.toMatch(/^#/);
      expect(readme, id).toContain(`| \`${id}\` |`);
    }
    const rows = readme.match(/^\| `owasp:[^`]+` \|/gm) ?? [];
    expect(rows.length).toBe(off.length);
  });

  test("documents every house rule in lint/README.md", () => {
    const readme = readFileSync(path.join(root, "lint/README.md"), "utf8");
    const house = Object.keys(spectral.ruleset?.rules ?? {}).filter((r) => r.startsWith("fo-"));
    expect(house.length).toBeGreaterThan(0);
    for (const id of house) {
      expect(readme, id).toMatch(new RegExp(`^### ${id}\\n\\*\\*Why\\.\\*\\*[\\s\\S]+?\\*\\*Fix\\.\\*\\*`, "m"));
    }
  });

  // Each breakage under the rules it names only: the rule fails at the place to fix, and so does each rule named beside
  // it. That no other rule fails is the next test's, with the full ruleset once per group of breakages that fit one
  // copy (a full run per broken copy cost about 2 s each).
  test.each(breakages)("breaking $convention fails $rule", async ({ rule, path: at, alsoBy = [], breakIt }) => {
    const doc = copy();
    breakIt(doc);
    const findings = await lintOnly([rule, ...alsoBy], doc);
    expect(findings).toContainEqual(expect.objectContaining({ code: rule, path: at, severity: 0 }));
    expect(new Set(findings.map((f) => f.code))).toEqual(new Set([rule, ...alsoBy]));
  });

  // Breakages that touch the same place cannot share a copy: each goes into the first copy it applies to.
  test("the breakages together, a copy each group, fail the full ruleset's named rules and no other", async () => {
    const groups: Array<{ doc: Json; members: Breakage[] }> = [];
    for (const breakage of breakages) {
      const group = groups.find(({ doc }) => {
        const trial = structuredClone(doc);
        try {
          breakage.breakIt(trial);
        } catch {
          return false;
        }
        return true;
      });
      if (group) {
        breakage.breakIt(group.doc);
        group.members.push(breakage);
      } else {
        const doc = copy();
        breakage.breakIt(doc);
        groups.push({ doc, members: [breakage] });
      }
    }
    expect(groups.length).toBeLessThan(breakages.length / 4);
    for (const { doc, members } of groups) {
      const findings = await lint(spectral, doc);
      expect(new Set(findings.map((f) => f.code))).toEqual(
        new Set(members.flatMap((b) => [b.rule, ...(b.alsoBy ?? [])])),
      );
      for (const { rule, path: at } of members)
        expect(findings).toContainEqual(expect.objectContaining({ code: rule, path: at, severity: 0 }));
    }
  });
});
