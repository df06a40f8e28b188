// The generator matrix's own parts, cheaply (the matrix itself runs in `npm test` as scripts/generators.mjs):
// the list keeps eleven generators over five languages with a driver and a typed probe each, and the recording
// server answers the scenario's calls and keeps the upload's bytes as they arrived.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { CHECKS } from "../../scripts/generators.mjs";
import { startEcho } from "../../scripts/generators/echo.mjs";
import { GENERATORS } from "../../scripts/generators/registry.mjs";

const matrix = path.join(import.meta.dirname, "matrix");
const scenario = JSON.parse(readFileSync(path.join(matrix, "scenario.json"), "utf8"));

describe("the generator list", () => {
  test("has eleven generators in five languages, issue 20's too", () => {
    expect(GENERATORS.length).toBeGreaterThanOrEqual(11);
    expect(new Set(GENERATORS.map((g) => g.language))).toEqual(new Set(["TypeScript", "Python", "Go", "Java", "Rust"]));
    const ids = GENERATORS.map((g) => g.id);
    for (const id of [
      "oag-typescript-fetch",
      "oag-java",
      "oapi-codegen",
      "openapi-python-client",
      "hey-api",
      "orval",
      "openapi-fetch",
      "ogen",
      "oag-rust",
    ])
      expect(ids).toContain(id);
    expect(new Set(ids).size).toBe(ids.length);
  });

  test.each(GENERATORS.map((g) => [g.id]))("%s has a driver and a typed probe", (id) => {
    const files = readdirSync(path.join(matrix, "drivers", id), { recursive: true }).map(String);
    expect(files.some((f) => /^(driver\.(ts|py|rs)|main\.go|Driver\.java)$/.test(f))).toBe(true);
    expect(files.some((f) => /(^typed\.(ts|py|rs)|typed\/typed\.go|^Typed\.java)$/.test(f))).toBe(true);
  });

  test("known defects name real cells, each with a reason", () => {
    const { $comment, ...known } = JSON.parse(
      readFileSync(path.join(import.meta.dirname, "matrix/known-defects.json"), "utf8"),
    );
    expect($comment).toMatch(/\w/);
    expect(Object.keys(known).length).toBeGreaterThan(0);
    for (const [cell, reason] of Object.entries(known)) {
      const [id, check] = cell.split(" x ");
      expect(
        GENERATORS.map((g) => g.id),
        cell,
      ).toContain(id);
      expect(CHECKS, cell).toContain(check);
      expect(String(reason).length, cell).toBeGreaterThan(40);
    }
  });

  test("pins every generator's version exactly", () => {
    for (const g of GENERATORS) expect(g.version(), g.id).toMatch(/\d+\.\d+\.\d+/);
  });

  test("pins every Python requirement exactly", () => {
    const requirements = readFileSync(path.join(matrix, "python/requirements.txt"), "utf8")
      .split("\n")
      .filter((l) => l && !l.startsWith("#"));
    expect(requirements.length).toBeGreaterThan(0);
    for (const line of requirements) expect(line).toMatch(/^[\w.-]+==[\w.]+$/);
  });

  test("has the shared TypeScript scenario", () => {
    expect(existsSync(path.join(matrix, "drivers/typescript/scenario.ts"))).toBe(true);
  });

  // The Rust driver is built from its Cargo.lock: the registry crates stay at the locked versions.
  test("pins the Rust driver's crates in its Cargo.lock", () => {
    const lock = readFileSync(path.join(matrix, "drivers/oag-rust/Cargo.lock"), "utf8");
    for (const name of ["reqwest", "tokio", "serde_json"])
      expect(lock).toMatch(new RegExp(`name = "${name}"\\nversion = "\\d`));
  });
});

describe("the recording server", () => {
  let echo: Awaited<ReturnType<typeof startEcho>>;
  beforeAll(async () => {
    echo = await startEcho(scenario);
  });
  afterAll(() => echo.close());
  const customer = `/v1/customers/${scenario.customer_id}`;

  // The RFI list, a quote with an unlisted code and an order in an unlisted status.
  test("answers the scenario's three calls", async () => {
    const list = await fetch(`${echo.url}${customer}/rfi-cases`);
    expect([list.status, await list.json()]).toEqual([200, { list: [], total: scenario.rfi_list.total }]);
    const quote = await fetch(`${echo.url}${customer}/conversions/quote`, { method: "POST", body: "{}" });
    expect(quote.status).toBe(400);
    expect(await quote.json()).toMatchObject({ code: scenario.quote.unknown_code, status: 400 });
    const order = await fetch(`${echo.url}${customer}/conversions/hedge`, { method: "POST", body: "{}" });
    expect([order.status, await order.json()]).toEqual([
      201,
      { transaction_id: scenario.execute.transaction_id, order_status: scenario.execute.new_order_status },
    ]);
  });

  test("keeps an upload's bytes and headers as they arrived", async () => {
    const bytes = Buffer.from(scenario.upload.file_hex, "hex");
    await fetch(`${echo.url}/v2/accounts/m/businesses/s/documents/D`, {
      method: "PUT",
      headers: { "Content-Type": scenario.upload.mime_type },
      body: bytes,
    });
    const upload = echo.requests.find((r) => r.method === "PUT");
    expect(upload?.body.equals(bytes)).toBe(true);
    expect(upload?.headers["content-type"]).toBe(scenario.upload.mime_type);
  });
});
