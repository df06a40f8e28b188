// The reference's flows as Arazzo workflows (openapi/flows.arazzo.yaml), run by `redocly respect` as docs/workflows.md
// gives it (`bash scripts/dev.sh workflows -- ...`) against the stateful mock as a user starts it: in sandbox auth
// directly, and in production auth (its default replay rule) through `fo-sign proxy`, which signs every customer
// request. In both, respect exits 0 and every workflow and every step passes, the execute whose outcome is unknown
// included: the mock records the order and answers 504 (its `status` fault at `after`), the workflow branches on that
// to the reconciliation, which finds the order.
import type { ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { stopChild } from "../helpers/processes.ts";
import { freshKeys, type RespectRun, runRespect, stepsOf } from "./respect.ts";
import { controlToken, startProxyProcess, startStatefulMock, testKeys } from "./servers.ts";

const started: ChildProcess[] = [];
const dir = mkdtempSync(path.join(tmpdir(), "arazzo-"));
afterAll(async () => {
  await Promise.all(started.map(stopChild));
  rmSync(dir, { recursive: true, force: true });
});

const WORKFLOWS = [
  "quote-execute-read",
  "execute-twice",
  "expired-quote",
  "execute-outcome-unknown",
  "idempotent-external-account",
  "rfi-cases",
  "portfolio-hedge",
];
/**
 * The one step answered with a status the document does not list (504, the mock's fault after the order): respect's
 * status code check warns there (lowered to a warning by `--severity`), its success criteria pass.
 */
const TIMED_OUT = { workflowId: "execute-outcome-unknown", stepId: "execute-quote" };

function expectAllPassed(run: RespectRun) {
  expect(
    run.workflows.map((w) => w.workflowId),
    run.output,
  ).toEqual(WORKFLOWS);
  // The documented command's exit code: 0 when every flow ends in the reference's answer.
  expect(run.code, run.output).toBe(0);
  // "warn": a status check lowered by --severity (a 2XX-only status, the 504) and nothing worse.
  for (const workflow of run.workflows) expect(["success", "warn"], workflow.workflowId).toContain(workflow.status);
  for (const workflow of run.workflows) {
    const steps = stepsOf(workflow);
    const ids = steps.map((s) => s.stepId);
    // No step was skipped: the reconciliation ran after the lost answer.
    expect(new Set(ids).size, `${workflow.workflowId}: ${ids}`).toBe(ids.length);
    for (const step of steps) {
      const where = `${workflow.workflowId} / ${step.stepId}`;
      const failed = step.checks.filter((c) => !c.passed && c.severity === "error").map((c) => c.name);
      expect(failed, `${where}\n${run.output}`).toEqual([]);
      if (workflow.workflowId === TIMED_OUT.workflowId && step.stepId === TIMED_OUT.stepId)
        expect(step.response?.statusCode, where).toBe(504);
      expect(
        step.checks.some((c) => c.name === "success criteria check" && c.passed),
        where,
      ).toBe(true);
    }
  }
  const unknown = run.workflows.find((w) => w.workflowId === TIMED_OUT.workflowId)!;
  expect(stepsOf(unknown).map((s) => s.stepId)).toEqual([
    "create-quote",
    "mock-window-start",
    "mock-time-out-execute",
    "execute-quote",
    "mock-window-end",
    "list-transactions",
    "read-candidate",
  ]);
}

describe("Arazzo workflows with redocly respect", () => {
  let sandbox: { url: string; token: string };
  let production: { mock: string; proxy: string; token: string; output(): string };

  beforeAll(async () => {
    const sandboxToken = controlToken();
    const productionToken = controlToken();
    const keys = testKeys(dir);
    const [sandboxMock, productionMock] = await Promise.all([
      startStatefulMock(started, sandboxToken),
      startStatefulMock(started, productionToken, ["--auth", "production", "--keys", keys.file]),
    ]);
    const proxy = await startProxyProcess(started, productionMock.url, keys);
    sandbox = { url: sandboxMock.url, token: sandboxToken };
    production = {
      mock: productionMock.url,
      proxy: proxy.url,
      token: productionToken,
      output: () => proxy.output() + productionMock.output(),
    };
  }, 90_000);

  test("sandbox auth: every workflow passes against the stateful mock", async () => {
    const run = await runRespect(
      { api: sandbox.url, mock: sandbox.url },
      { control_token: sandbox.token, ...freshKeys() },
    );
    expectAllPassed(run);
  }, 120_000);

  test("production auth: every workflow passes through fo-sign proxy, each request signed and accepted", async () => {
    const run = await runRespect(
      // The API through the proxy, which signs; the control API directly, with its own bearer token.
      { api: production.proxy, mock: production.mock },
      { control_token: production.token, ...freshKeys() },
    );
    expectAllPassed(run);
    // The mock's own log, written behind its signature check and replay guard: all five executes reached the state,
    // the second, byte-identical execute of one quote included (answered 409, not refused as a replayed signature),
    // and the one answered 504 after the order was recorded.
    const log = (await (
      await fetch(`${production.mock}/__mock/requests`, { headers: { Authorization: `Bearer ${production.token}` } })
    ).json()) as { requests: Array<{ operation_id?: string; outcome: number | string }> };
    const executes = log.requests.filter((r) => r.operation_id === "executeQuote").map((r) => r.outcome);
    expect(executes.sort()).toEqual([201, 201, 400, 409, 504].sort());
    // The proxy printed no secret.
    expect(production.output()).not.toMatch(new RegExp(production.token));
  }, 120_000);
});
