// Negative: every mutation class applied to every operation it fits is refused with a 4xx, never a
// 2xx or 5xx, by the mock as `npm run mock` serves it: the front handing requests to Prism in its process, in
// sandbox mode (bearer token) and in production mode (signed requests).
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { startFront, type RunningFront } from "../../src/mock/front.ts";
import { parseKeys } from "../../src/mock/auth/keys.ts";
import { loadBundle } from "../helpers/document.ts";
import { MUTATIONS, mutants, type Mutant } from "./mutations.ts";
import { type PrismInProcess, prismInProcess } from "./prismInProcess.ts";
import { bearer, newSecret, send, sign, type Wire } from "./support.ts";

const doc = loadBundle();
const all = mutants(doc);
const creds = { accessKey: "AK-negative", secretKey: newSecret() };

/**
 * Mutations the mock still accepts: Prism limits, not document gaps. Each is still sent and must still be
 * accepted, so the list cannot go stale silently.
 */
const KNOWN_ACCEPTED: Record<string, string> = {
  "createDepositInstruction|null|the body null": "Prism takes a JSON null body as no body, and this body is optional",
};
const key = (m: Mutant) => `${m.operationId}|${m.mutation}|${m.label}`;

let prism: PrismInProcess;
let sandbox: RunningFront;
let production: RunningFront;
beforeAll(async () => {
  prism = await prismInProcess();
  sandbox = await startFront({ prism: prism.mocker, auth: "sandbox" });
  // Good requests repeat within a second here (same signature): replay refusal is tested in
  // hardening/replay-and-future.test.ts.
  production = await startFront({
    prism: prism.mocker,
    keys: parseKeys({ [creds.accessKey]: creds.secretKey }, "test keys"),
    replay: "allow",
  });
});
afterAll(async () => {
  await sandbox?.close();
  await production?.close();
  await prism?.close();
});

const isPortfolio = (m: Mutant) => m.wire.path.includes("/v1/portfolios/");
const modes = [
  {
    name: "sandbox mode, bearer token",
    url: () => sandbox.url,
    auth: (w: Wire) => bearer(w),
    // Prism checks only that a customer Authorization header is there: a Basic one passes (the front refuses it).
    fits: (m: Mutant) => m.mutation !== "wrong auth scheme" || isPortfolio(m),
  },
  { name: "production mode, signed", url: () => production.url, auth: (w: Wire) => sign(w, creds), fits: () => true },
];

test("at least 15 mutation classes, each fitting at least one operation", () => {
  const used = new Set(all.map((m) => m.mutation));
  expect(Object.keys(MUTATIONS).filter((k) => !used.has(k))).toEqual([]);
  expect(used.size).toBeGreaterThanOrEqual(15);
});

describe.each(modes)("negative ($name)", (mode) => {
  const cases = all.filter((m) => mode.fits(m) && !(key(m) in KNOWN_ACCEPTED));
  const accepted = all.filter((m) => mode.fits(m) && key(m) in KNOWN_ACCEPTED);
  const refused = new Map<string, number>();
  afterAll(() => {
    const total = [...refused.values()].reduce((a, b) => a + b, 0);
    console.log(
      `negative requests answered 4xx: ${total}/${cases.length} over ${refused.size} mutation classes (${mode.name})`,
    );
    console.log([...refused].map(([k, n]) => `  ${k}: ${n}`).join("\n"));
    console.log(
      `known Prism limits, still accepted: ${accepted.length}\n` +
        accepted.map((m) => `  ${KNOWN_ACCEPTED[key(m)]}`).join("\n"),
    );
  });

  test.each(accepted)("$operationId, $mutation ($label): still accepted by Prism (known limit)", async (m) => {
    const res = await send(mode.url(), mode.auth(m.wire));
    await res.arrayBuffer();
    expect(res.status).toBeLessThan(300);
  });

  test.each(cases)("$operationId, $mutation ($label): 4xx", async (m) => {
    const signed = mode.auth(m.wire);
    const res = await send(mode.url(), m.afterAuth ? m.afterAuth(signed) : signed);
    await res.arrayBuffer();
    expect(
      res.status,
      `answered ${res.status}, violations: ${res.headers.get("sl-violations")}`,
    ).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
    refused.set(m.mutation, (refused.get(m.mutation) ?? 0) + 1);
  });
});
