// fo-sign explain shows the access key of a signature it explains: a secret pasted in its place is named, never
// printed, and any other key only in part (an outside run saw `explain` print a pasted secret).
import { describe, expect, test } from "vitest";
import { run } from "../../src/cli/sign.ts";

const SECRET = "-_-_ABEiM0RVZneImaq7zN3u_wEjRWeJq83v----_6A";
const env = { FO_ACCESS_KEY: "AK_vector_1", FO_SECRET_KEY: SECRET };

describe("fo-sign explain", () => {
  const explain = (accessKey: string, json = false) =>
    run(
      [
        "explain",
        "GET",
        "/v1/x",
        "--authorization",
        `Service-HMAC-SHA256 ${accessKey}:20261121T093000Z:${"0".repeat(64)}`,
        "--now",
        "20261121T093000Z",
        ...(json ? ["--json"] : []),
      ],
      env,
    );
  test.each([false, true])("names a secret in the key's place, unprinted (json %s)", (json) => {
    const out = explain(SECRET, json);
    expect(out).not.toContain(SECRET);
    expect(out).not.toContain(SECRET.slice(4, 20));
    expect(out).toContain("SECRET key");
  });
  test("shows another access key only in part", () => {
    const other = "AKIDSOMETHINGELSE0123456789";
    const out = explain(other);
    expect(out).not.toContain(other);
    expect(out).toContain(`AKID… (${other.length} characters)`);
  });
});
