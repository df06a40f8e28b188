// A replay refused by the mock reads as one all the way back: the mock's 401 (flat and v2 envelopes) carries its own
// detail, and fo-sign explain, reading that body back, says "replay" and points at signing again, instead of listing
// the reference's mismatch causes for a signature that was right.
import { expect, test } from "vitest";
import { run } from "../../src/cli/sign.ts";
import { unauthorizedBody } from "../../src/mock/answers/unauthorized.ts";
import { REPLAYED_SIGNATURE } from "../../src/signing/failures.ts";
import { signRequest } from "../../src/signing/index.ts";

const SECRET = "-_-_ABEiM0RVZneImaq7zN3u_wEjRWeJq83v----_6A";
const env = { FO_ACCESS_KEY: "AK_vector_1", FO_SECRET_KEY: SECRET };
const time = new Date(Date.UTC(2026, 10, 21, 9, 30, 0));

test.each(["/v1/customers/c1/conversions/hedge", "/v2/customers/c1/external-accounts"])(
  "%s: the mock's replay 401 is explained as a replay",
  (path) => {
    const body = unauthorizedBody(path, "replayed-signature", time);
    expect(JSON.stringify(body)).toContain(REPLAYED_SIGNATURE);
    if (path.startsWith("/v1/")) expect(body).toMatchObject({ code: "00010000", detail: REPLAYED_SIGNATURE });
    const signed = signRequest({
      accessKey: env.FO_ACCESS_KEY,
      secretKey: SECRET,
      method: "POST",
      path,
      body: "{}",
      time,
    });
    const out = run(
      [
        "explain",
        "POST",
        path,
        "--body",
        "{}",
        "--authorization",
        signed.headers.Authorization,
        "--date",
        signed.timestamp,
        "--response",
        JSON.stringify(body),
        "--now",
        signed.timestamp,
      ],
      env,
    );
    expect(out).toContain(`401 detail received: ${REPLAYED_SIGNATURE}`);
    expect(out).toContain("refused a replay, not a wrong signature");
    expect(out).not.toContain("Mismatch causes");
  },
);
