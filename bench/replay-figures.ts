// Figures of the retry/replay conflict (issue 29), not a test: starts the stateful production mock in its DEFAULT
// replay mode with the control API on a free 127.0.0.1 port, and counts outcomes:
//  - each client (the TypeScript client, the Python package, the Go module) creates an external account with a
//    fresh Idempotency-Key TRIALS times, each time after a control fault answers its first attempt with 503;
//  - the TypeScript client executes one quote twice at once (the second must be 409 00000006, not 401).
// Run from the repository's folder (node_modules and tsx from here), against the code of ROOT (default this
// checkout: its mock command and src/):
//   node --import tsx bench/replay-figures.ts [--root DIR] [--python PY] [--pythonpath DIR] [--go-proxy DIR]
// --python: an interpreter with fo_api and financial_operations_api importable (--pythonpath is put first on its
// PYTHONPATH, e.g. an unpacked wheel); --go-proxy: a module-proxy folder with the Go module (out/sdk/go/proxy, as
// `bash scripts/dev.sh clients -- build` writes it). A language without its option is left out.
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { randomBytes, randomUUID } from "node:crypto";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { freePort } from "../test/helpers/processes.ts";
import { mockArgv, READY } from "./checkout-mock.ts";

const { values } = parseArgs({
  options: {
    root: { type: "string", default: process.cwd() },
    python: { type: "string" },
    pythonpath: { type: "string" },
    "go-proxy": { type: "string" },
    trials: { type: "string", default: "5" },
  },
});
const root = path.resolve(values.root!);
const trials = Number(values.trials);
const CUSTOMER = "c0ffee00-0000-4000-8000-000000000001";
const accessKey = "replay-figures";
const secretKey = randomBytes(32).toString("base64url");
const controlToken = randomBytes(32).toString("hex");
const dir = mkdtempSync(path.join(os.tmpdir(), "replay-figures-"));

async function startMock(port: number): Promise<ChildProcess> {
  const keys = path.join(dir, "keys.json");
  writeFileSync(keys, JSON.stringify({ [accessKey]: secretKey }), { mode: 0o600 });
  const args = ["--stateful", "--control", "--auth", "production", "--keys", keys, "--port", String(port)];
  const child = spawn(process.execPath, [...mockArgv(root), ...args], {
    cwd: root,
    env: { ...process.env, FO_MOCK_CONTROL_TOKEN: controlToken },
    stdio: ["pipe", "pipe", "pipe"],
  });
  let out = "";
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`mock not ready in 60 s:\n${out}`)), 60_000);
    const onData = (d: Buffer) => {
      out += d;
      if (READY.test(out)) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout!.on("data", onData);
    child.stderr!.on("data", onData);
    child.once("exit", (code) => reject(new Error(`mock exited (${code}):\n${out}`)));
  });
  console.log(out.trim().split("\n").at(-1));
  return child;
}

const port = await freePort();
const base = `http://127.0.0.1:${port}`;
const mock = await startMock(port);

const control = async (method: string, route: string, body?: unknown) => {
  const r = await fetch(`${base}/__mock/${route}`, {
    method,
    headers: { Authorization: `Bearer ${controlToken}`, "Content-Type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!r.ok) throw new Error(`control ${method} ${route}: ${r.status} ${await r.text()}`);
};
const fault = { kind: "status", status: 503, operation_id: "createExternalAccount", times: 1 };
let n = 0;
const account = () => ({
  network: "US_ACH",
  account_holder_name: "Replay Figures LLC",
  currency: "USD",
  country_code: "USA",
  // Identical banking details are a 409 of their own: a new account number each time.
  account_number: String(100_000_000 + n++ * 7919 + Math.floor(Math.random() * 1000)),
  institution_id: "021000021",
});

/** Outcome per trial: the final status, and for a 401 the mock's auth failure where the client shows it. */
async function trialsOf(name: string, create: (key: string, body: object) => Promise<string>) {
  const outcomes: string[] = [];
  for (let i = 0; i < trials; i++) {
    await control("DELETE", "faults");
    await control("POST", "faults", fault);
    outcomes.push(await create(randomUUID(), account()));
  }
  const tally = new Map<string, number>();
  for (const o of outcomes) tally.set(o, (tally.get(o) ?? 0) + 1);
  const counts = [...tally].map(([o, c]) => `${o} x${c}`).join(", ");
  console.log(`${name.padEnd(34)} ${counts}`);
}

const env = { FO_BASE_URL: base, FO_ACCESS_KEY: accessKey, FO_SECRET_KEY: secretKey, FO_CUSTOMER: CUSTOMER };
try {
  // TypeScript: the client of ROOT, its default retry policy.
  const ts = (await import(path.join(root, "src/index.ts"))) as typeof import("../src/index.ts");
  const client = ts.createClient({ baseUrl: base, credentials: { accessKey, secretKey } });
  await trialsOf("TypeScript client", async (key, body) => {
    const { response, error } = await client.POST("/v1/customers/{customer_id}/external-accounts", {
      params: { path: { customer_id: CUSTOMER }, header: { "Idempotency-Key": key } },
      body: body as never,
    });
    return `${response.status}${error ? ` ${(error as { detail?: string }).detail ?? ""}` : ""}`.trim();
  });

  if (values.python) {
    const program = `
import json, os, sys, uuid
import fo_api, financial_operations_api as fo
client = fo.production_client(os.environ["FO_BASE_URL"], os.environ["FO_ACCESS_KEY"], os.environ["FO_SECRET_KEY"])
details = fo_api.BankAccountDetails.from_dict(json.loads(sys.argv[2]))
r = fo_api.ExternalAccountsApi(client).create_external_account_without_preload_content(
    uuid.UUID(sys.argv[1]), os.environ["FO_CUSTOMER"], details)
body = r.data.decode() if r.status >= 400 else ""
print(r.status, json.loads(body).get("detail", "") if body.startswith("{") else "")
`;
    const pythonEnv = { ...process.env, ...env, PYTHONPATH: values.pythonpath ?? "" };
    await trialsOf("Python package", async (key, body) =>
      execFileSync(values.python!, ["-c", program, key, JSON.stringify(body)], { env: pythonEnv })
        .toString()
        .trim(),
    );
  }

  if (values["go-proxy"]) {
    const consumer = path.join(dir, "go");
    mkdirSync(consumer);
    writeFileSync(path.join(consumer, "go.mod"), "module figures\n\ngo 1.23\n");
    writeFileSync(
      path.join(consumer, "main.go"),
      `package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"

	"example.com/financial-operations-api/v2/foapi"
	"example.com/financial-operations-api/v2/foclient"
)

func main() {
	c, err := foclient.NewProduction(os.Getenv("FO_BASE_URL"), os.Getenv("FO_ACCESS_KEY"), os.Getenv("FO_SECRET_KEY"))
	if err != nil {
		panic(err)
	}
	var account foapi.BankAccountDetails
	if err := account.UnmarshalJSON([]byte(os.Args[2])); err != nil {
		panic(err)
	}
	_, res, err := c.ExternalAccountsAPI.CreateExternalAccount(context.Background(), os.Getenv("FO_CUSTOMER")).IdempotencyKey(os.Args[1]).BankAccountDetails(account).Execute()
	if res == nil {
		fmt.Println("error", err)
		return
	}
	var body struct{ Detail string }
	data, _ := io.ReadAll(res.Body)
	_ = json.Unmarshal(data, &body)
	if res.StatusCode < 400 {
		body.Detail = ""
	}
	fmt.Println(res.StatusCode, body.Detail)
}
`,
    );
    const goEnv = {
      ...process.env,
      GOPROXY: `file://${path.resolve(values["go-proxy"])}`,
      GOSUMDB: "off",
      GOFLAGS: "-mod=mod",
      GOTOOLCHAIN: "local",
      GOMODCACHE: path.join(dir, "gomodcache"),
    };
    execFileSync("go", ["get", "example.com/financial-operations-api/v2@v2.0.0"], { cwd: consumer, env: goEnv });
    execFileSync("go", ["build", "-o", "figures", "."], { cwd: consumer, env: goEnv });
    await trialsOf("Go module", async (key, body) =>
      execFileSync(path.join(consumer, "figures"), [key, JSON.stringify(body)], { env: { ...process.env, ...env } })
        .toString()
        .trim(),
    );
    execFileSync("go", ["clean", "-modcache"], { cwd: consumer, env: goEnv });
  }

  // One quote executed twice at once by the TypeScript client: the second must be the reference's 409 00000006.
  const executes: string[] = [];
  for (let i = 0; i < trials; i++) {
    const quote = await client.POST("/v1/customers/{customer_id}/conversions/quote", {
      params: { path: { customer_id: CUSTOMER } },
      body: { from_asset: { asset: "USDC" }, to_asset: { asset: "EUR" }, pay_amount: "100" } as never,
    });
    // The same quote request again within a second is itself a repeated signature for a client that reuses one.
    if (!quote.data) {
      executes.push(`Create Quote ${quote.response.status} ${(quote.error as { code?: string })?.code ?? ""}`.trim());
      continue;
    }
    const quoteId = (quote.data as { quote_id: string }).quote_id;
    const execute = () =>
      client.POST("/v1/customers/{customer_id}/conversions/hedge", {
        params: { path: { customer_id: CUSTOMER } },
        body: { quote_id: quoteId },
      });
    const first = await execute();
    const second = await execute();
    const code = (r: { response: Response; error?: unknown }) =>
      `${r.response.status}${r.error ? ` ${(r.error as { code?: string }).code ?? ""}` : ""}`;
    executes.push(`${code(first)} then ${code(second)}`);
  }
  console.log(`${"TypeScript: execute one quote twice".padEnd(34)} ${executes.join("; ")}`);
} finally {
  mock.kill("SIGINT");
  await new Promise((resolve) => mock.once("exit", resolve));
  rmSync(dir, { recursive: true, force: true });
}
