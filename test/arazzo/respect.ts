// Runs `redocly respect` on the project's Arazzo workflows as docs/workflows.md gives it:
// `bash scripts/dev.sh workflows -- openapi/flows.arazzo.yaml ...` from the repository root (the pinned CLI on the
// project's Node, telemetry off), and reads its JSON report back.
import { spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "../..");
/** The workflows, as the guide names them from the repository root. */
export const FLOWS = "openapi/flows.arazzo.yaml";

/** The fresh Idempotency-Keys the workflows take as inputs, new for every run (the guide makes them the same way). */
export const freshKeys = () => ({
  account_idempotency_key: randomUUID(),
  hedge_idempotency_key: randomUUID(),
  second_hedge_idempotency_key: randomUUID(),
});

export interface Check {
  name: string;
  passed: boolean;
  severity: string;
  message?: string;
}
export interface Step {
  stepId: string;
  status: string;
  checks: Check[];
  response?: { statusCode: number };
}
export interface Workflow {
  type?: "workflow";
  workflowId: string;
  status: string;
  /** Steps, and a nested workflow entry where an action (goto) continued the run. */
  executedSteps: Array<Step | Workflow>;
}

/** Every step a workflow ran, in order, the ones run after a goto included. */
export const stepsOf = (workflow: Workflow): Step[] =>
  workflow.executedSteps.flatMap((s) => ("executedSteps" in s ? stepsOf(s) : [s]));
export interface RespectRun {
  code: number | null;
  output: string;
  workflows: Workflow[];
}

/**
 * `bash scripts/dev.sh workflows -- FLOWS` with `--server NAME=URL` for each of `servers` and `--input NAME=VALUE` for
 * each of `inputs`, and `--severity` as the guide gives it.
 */
export async function runRespect(servers: Record<string, string>, inputs: Record<string, string>): Promise<RespectRun> {
  const dir = mkdtempSync(path.join(tmpdir(), "respect-"));
  const report = path.join(dir, "report.json");
  const args = [
    path.join(root, "scripts/dev.sh"),
    "workflows",
    "--",
    FLOWS,
    ...Object.entries(servers).flatMap(([name, url]) => ["--server", `${name}=${url}`]),
    ...Object.entries(inputs).flatMap(([name, value]) => ["--input", `${name}=${value}`]),
    // respect 2.77 fails a status the description lists only under a range key (2XX): each step asserts its status
    // in successCriteria instead (TOOLING.md).
    "--severity",
    JSON.stringify({ STATUS_CODE_CHECK: "warn" }),
    "--json-output",
    report,
  ];
  // dev.sh turns telemetry off itself; INIT_CWD is where a reader's shell would be, the repository root.
  const child = spawn("bash", args, {
    cwd: root,
    env: { ...process.env, INIT_CWD: root, NO_COLOR: "1" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout.on("data", (d) => (output += d));
  child.stderr.on("data", (d) => (output += d));
  const code = await new Promise<number | null>((resolve) => child.once("exit", resolve));
  try {
    const json = JSON.parse(readFileSync(report, "utf8")) as {
      files: Record<string, { executedWorkflows: Workflow[] }>;
    };
    return { code, output, workflows: Object.values(json.files).flatMap((f) => f.executedWorkflows) };
  } catch (err) {
    throw new Error(`respect wrote no report (exit ${code}): ${(err as Error).message}\n${output}`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
