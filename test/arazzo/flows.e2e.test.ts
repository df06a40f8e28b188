// The reference's flows as Arazzo workflows (openapi/flows.arazzo.yaml), run by `redocly respect` against the
// stateful mock as a user starts it: in sandbox auth directly, and in production auth (its default replay rule)
// through `fo-sign proxy`, which signs every customer request. Every workflow and every step must pass in both, but
// one: the execute whose answer the mock drops on purpose, which respect can only report as a failed network request
// (it has no way to expect one); the workflow goes on from there to the reconciliation, which must pass.
import type { ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { stopChild } from "../helpers/processes.ts";
import { type RespectRun, runRespect, stepsOf } from "./respect.ts";
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
/** The one step whose answer is dropped on purpose (the mock's drop-after fault). */
const LOST_ANSWER = { workflowId: "execute-outcome-unknown", stepId: "execute-quote" };

function expectAllPassed(run: RespectRun) {
  expect(
    run.workflows.map((w) => w.workflowId),
    run.output,
  ).toEqual(WORKFLOWS);
  for (const workflow of run.workflows) {
    const steps = stepsOf(workflow);
    const ids = steps.map((s) => s.stepId);
    // No step was skipped: the reconciliation ran after the lost answer.
    expect(new Set(ids).size, `${workflow.workflowId}: ${ids}`).toBe(ids.length);
    for (const step of steps) {
      const where = `${workflow.workflowId} / ${step.stepId}`;
      const failed = step.checks.filter((c) => !c.passed && c.severity === "error").map((c) => c.name);
      if (workflow.workflowId === LOST_ANSWER.workflowId && step.stepId === LOST_ANSWER.stepId) {
        expect(failed, where).toEqual(["failed network request"]);
        continue;
      }
      expect(failed, `${where}\n${run.output}`).toEqual([]);
      expect(
        step.checks.some((c) => c.name === "success criteria check" && c.passed),
        where,
      ).toBe(true);
    }
  }
  const unknown = run.workflows.find((w) => w.workflowId === LOST_ANSWER.workflowId)!;
  expect(stepsOf(unknown).map((s) => s.stepId)).toEqual([
    "create-quote",
    "mock-window-start",
    "mock-drop-execute-answer",
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
      { control_token: sandbox.token, list_transactions_url: `${sandbox.url}/__mock/transactions` },
    );
    expectAllPassed(run);
  }, 120_000);

  test("production auth: every workflow passes through fo-sign proxy, each request signed and accepted", async () => {
    const run = await runRespect(
      // The API through the proxy, which signs; the control API directly, with its own bearer token.
      { api: production.proxy, mock: production.mock },
      { control_token: production.token, list_transactions_url: `${production.mock}/__mock/transactions` },
    );
    expectAllPassed(run);
    // The mock's own log, written behind its signature check and replay guard: all five executes reached the state,
    // the second, byte-identical execute of one quote included (answered 409, not refused as a replayed signature).
    const log = (await (
      await fetch(`${production.mock}/__mock/requests`, { headers: { Authorization: `Bearer ${production.token}` } })
    ).json()) as { requests: Array<{ operation_id?: string; outcome: number | string }> };
    const executes = log.requests.filter((r) => r.operation_id === "executeQuote").map((r) => r.outcome);
    expect(executes.sort()).toEqual([201, 201, 400, 409, "drop"].sort());
    // The proxy printed no secret.
    expect(production.output()).not.toMatch(new RegExp(production.token));
  }, 120_000);
});
