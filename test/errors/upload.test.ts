// InvalidUploadError reads the same wherever a body is refused: the client, the signing fetch and the upload
// helpers build each reason's message in one place (src/errors/InvalidUploadError.ts).
import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { createClient, createSigningFetch, InvalidUploadError, uploadBusinessDocument } from "../../src/index.ts";

const base = "https://svc.example";
const credentials = { accessKey: "AK", secretKey: "c2VjcmV0LWtleS1ieXRlcy1mb3ItdGVzdHM" };
const never = async (): Promise<Response> => {
  throw new Error("nothing may be sent");
};
const client = createClient({ baseUrl: base, credentials, fetch: never, retry: false });
const signingFetch = createSigningFetch({ baseUrl: base, credentials, fetch: never });
const target = { mainAccountId: "m", subAccountId: "s", documentType: "PASSPORT" } as const;
const path = { main_account_id: "m", sub_account_id: "s", document_type: "PASSPORT" as const };

/** How each refuses a body: the error it rejects with. */
const refusers: Record<string, (body: unknown, contentType?: string) => Promise<unknown>> = {
  client: (body, type) =>
    client
      .PUT("/v2/accounts/{main_account_id}/businesses/{sub_account_id}/documents/{document_type}", {
        params: { path, header: { "Content-Disposition": 'attachment; filename="a.pdf"' } },
        body: body as Uint8Array,
        headers: type ? { "Content-Type": type } : {},
      })
      .then(
        () => undefined,
        (e: unknown) => e,
      ),
  "signing fetch": (body, type) =>
    signingFetch(`${base}/v1/x`, {
      method: "PUT",
      body: body as BodyInit,
      headers: type ? { "Content-Type": type } : {},
    }).then(
      () => undefined,
      (e: unknown) => e,
    ),
  "upload helper": (body, type) =>
    uploadBusinessDocument(client, target, { data: body as Uint8Array, fileName: "a.pdf", mimeType: type }).then(
      () => undefined,
      (e: unknown) => e,
    ),
};

describe("one message per reason", () => {
  test("bytes without a MIME type", async () => {
    const errors = await Promise.all(Object.values(refusers).map((refuse) => refuse(new Uint8Array([1]))));
    expect(errors.map((e) => e instanceof InvalidUploadError && e.reason)).toEqual(
      errors.map(() => "missing-mime-type"),
    );
    expect(new Set(errors.map((e) => (e as Error).message)).size).toBe(1);
  });

  test("a body of a kind none of them sends", async () => {
    // A Map and a Date are sent by none: each refuser names the kind the same way and lists what it takes.
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(new Map(), new Date(0), new Set([1])), async (body) => {
        for (const [who, refuse] of Object.entries(refusers)) {
          const error = await refuse(body, "application/pdf");
          expect(error, who).toBeInstanceOf(InvalidUploadError);
          expect((error as InvalidUploadError).reason, who).toBe("unsupported-body");
          expect((error as Error).message, who).toMatch(
            new RegExp(`^A body of type ${body.constructor.name} cannot be signed as it would be sent: give .+\\.$`),
          );
        }
      }),
      { numRuns: 6 },
    );
  });
});
