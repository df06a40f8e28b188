// The mock's signature check (src/mock/auth/signature.ts) runs the shared signing vectors: it accepts
// every vector's headers over the vector's exact bytes, and refuses the same headers over other bytes.
import { describe, expect, test } from "vitest";
import { parseKeys } from "../../src/mock/auth/keys.ts";
import { verifySignature } from "../../src/mock/auth/signature.ts";
import { bodyBytes } from "./bodies.ts";
import { vectors } from "./vectors.ts";

describe.each(vectors)("mock verifier, vector: $name", ({ input, expected }) => {
  const keys = parseKeys({ [input.accessKey]: input.secretKey }, "vector");
  const body = bodyBytes(input.body) ?? new Uint8Array();
  const request = {
    method: input.method.toUpperCase(),
    path: input.path,
    authorization: expected.headers.Authorization,
    date: expected.headers["X-SVC-Date"],
    body,
  };
  const options = { keys, now: new Date(input.time), windowSeconds: 300 };

  test("accepts the vector's headers", () => {
    expect(verifySignature(request, options)).toEqual({ ok: true, accessKey: input.accessKey });
  });
  test("refuses them over one byte more", () => {
    const longer = new Uint8Array(body.length + 1);
    longer.set(body);
    expect(verifySignature({ ...request, body: longer }, options)).toMatchObject({
      ok: false,
      failure: "signature-mismatch",
    });
  });
});
