// fo-sign --body-file: read up to a bound (an outside run hung on /dev/zero), whole at the bound, and relative to
// the folder `npm run sign` was called from (it read from the repository root).
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, test } from "vitest";
import { MAX_FILE_BYTES, run, UsageError } from "../../src/cli/sign.ts";

const SECRET = "-_-_ABEiM0RVZneImaq7zN3u_wEjRWeJq83v----_6A";
const env = { FO_ACCESS_KEY: "AK_vector_1", FO_SECRET_KEY: SECRET };
const dir = mkdtempSync(path.join(tmpdir(), "fo-sign-body-file-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("fo-sign --body-file", () => {
  test("refuses an endless file, naming the bound", () => {
    const started = Date.now();
    expect(() => run(["POST", "/v1/x", "--body-file", "/dev/zero"], env)).toThrow(UsageError);
    expect(() => run(["POST", "/v1/x", "--body-file", "/dev/zero"], env)).toThrow(
      `holds more than ${MAX_FILE_BYTES / 2 ** 20} MiB`,
    );
    expect(Date.now() - started).toBeLessThan(20_000);
  });
  test("a file of exactly the limit is read whole", () => {
    const file = path.join(dir, "limit.bin");
    writeFileSync(file, Buffer.alloc(MAX_FILE_BYTES, 1));
    expect(run(["PUT", "/v1/x", "--body-file", file, "--content-type", "application/pdf"], env)).toContain(
      `SHA-256 of ${MAX_FILE_BYTES} body bytes`,
    );
    rmSync(file);
  });
  test("under npm run, is read from the caller's folder (INIT_CWD)", () => {
    writeFileSync(path.join(dir, "caller.json"), '{"a":1}');
    const out = run(["POST", "/v1/x", "--body-file", "caller.json", "--json"], {
      ...env,
      npm_lifecycle_event: "sign",
      INIT_CWD: dir,
      npm_config_loglevel: "silent",
    });
    expect(JSON.parse(out).bodyHash).toBe("015abd7f5cc57a2dd94b7590f04ad8084273905ee33ec5cebeae62276a97f862");
  });
});
