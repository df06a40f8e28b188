// Property: for generated bodies (every form the generated clients hand to fetch), paths, methods and argument
// shapes, the signature the signing fetch puts on the wire verifies with the mock's verifier over the bytes
// that arrived, and those bytes are the body's own. fast-check, fixed seed, bounded runs and sizes.
import fc from "fast-check";
import { afterAll, beforeAll, expect, test } from "vitest";
import { createSigningFetch } from "../../src/fetch/index.ts";
import { ACCESS_KEY, SECRET_KEY, startWire, type WireServer } from "./wire.ts";

let wire: WireServer;
beforeAll(async () => {
  wire = await startWire();
});
afterAll(async () => wire?.stop());

const utf8 = new TextEncoder();
const MIME = fc.constantFrom(
  "application/json",
  "application/pdf",
  "image/png",
  "application/octet-stream",
  "text/plain; charset=utf-8",
);

/**
 * A body as a client passes it, the bytes it must arrive as (undefined: fetch decides, as for a form) and its
 * Content-Type.
 */
interface BodyCase {
  kind: string;
  make: () => BodyInit | null;
  bytes: Uint8Array | undefined;
  type: string | undefined;
  /** The Content-Type the caller sets; absent where the body names its own (a typed Blob, a form, a string). */
  header: string | undefined;
}

const bytes = fc.uint8Array({ maxLength: 3000 });
const bodies: fc.Arbitrary<BodyCase> = fc.oneof(
  fc
    .record({ s: fc.string({ unit: "binary", maxLength: 300 }), type: MIME })
    .map(({ s, type }) => ({ kind: "string", make: () => s, bytes: utf8.encode(s), type, header: type })),
  fc.string({ maxLength: 100 }).map((s) => ({
    kind: "string, fetch's own type",
    make: () => s,
    bytes: utf8.encode(s),
    type: "text/plain;charset=UTF-8",
    header: undefined,
  })),
  fc.record({ b: bytes, type: MIME, pad: fc.nat(8) }).map(({ b, type, pad }) => {
    // A view into a larger buffer: only its own bytes may be sent and signed.
    const buffer = new Uint8Array(b.length + 2 * pad).fill(0xee);
    buffer.set(b, pad);
    return { kind: "Uint8Array view", make: () => buffer.subarray(pad, pad + b.length), bytes: b, type, header: type };
  }),
  fc
    .record({ b: bytes, type: MIME })
    .map(({ b, type }) => ({ kind: "ArrayBuffer", make: () => b.slice().buffer, bytes: b, type, header: type })),
  fc.record({ b: bytes, type: MIME }).map(({ b, type }) => ({
    kind: "DataView",
    make: () => new DataView(b.slice().buffer),
    bytes: b,
    type,
    header: type,
  })),
  fc
    .record({ parts: fc.array(bytes, { maxLength: 4 }), type: MIME, typed: fc.boolean() })
    .map(({ parts, type, typed }) => {
      const all = Uint8Array.from(parts.flatMap((p) => [...p]));
      return {
        kind: typed ? "typed Blob" : "Blob",
        make: () => new Blob(parts, typed ? { type } : {}),
        bytes: all,
        type,
        header: typed ? undefined : type,
      };
    }),
  fc.record({ chunks: fc.array(bytes, { maxLength: 5 }), type: MIME }).map(({ chunks, type }) => ({
    kind: "ReadableStream",
    make: () =>
      new ReadableStream<Uint8Array>({
        start: (c) => {
          for (const x of chunks) c.enqueue(x.slice());
          c.close();
        },
      }) as unknown as BodyInit,
    bytes: Uint8Array.from(chunks.flatMap((x) => [...x])),
    type,
    header: type,
  })),
  fc.dictionary(fc.string({ minLength: 1, maxLength: 10 }), fc.string({ maxLength: 20 }), { maxKeys: 4 }).map((d) => {
    const params = new URLSearchParams(d);
    return {
      kind: "URLSearchParams",
      make: () => new URLSearchParams(d),
      bytes: utf8.encode(params.toString()),
      type: "application/x-www-form-urlencoded;charset=UTF-8",
      header: undefined,
    };
  }),
  fc.record({ note: fc.string({ maxLength: 40 }), file: bytes, type: MIME }).map(({ note, file, type }) => ({
    kind: "FormData",
    make: () => {
      const form = new FormData();
      form.set("note", note);
      form.set("document", new Blob([file], { type }), "memorandum.pdf");
      return form;
    },
    // The boundary is fetch's choice: the bytes are checked by parsing them back.
    bytes: undefined,
    type: "multipart/form-data",
    header: undefined,
  })),
);

// Path segments as generated clients write them (encodeURIComponent), or raw text the URL parser percent-encodes
// itself.
const segment = fc.oneof(
  fc
    .string({ unit: "grapheme", minLength: 1, maxLength: 12 })
    .filter((s) => s !== "." && s !== "..")
    .map(encodeURIComponent),
  fc.string({ unit: fc.constantFrom(..."aZ09-_~ é€😀'[]|^`{}!$&()*+,;=:@"), minLength: 1, maxLength: 12 }),
);
const paths = fc.array(segment, { minLength: 1, maxLength: 5 }).map((s) => `/v1/${s.join("/")}`);
const queries = fc.option(
  fc
    .dictionary(fc.string({ maxLength: 8 }), fc.string({ maxLength: 12 }), { maxKeys: 3 })
    .map((d) => new URLSearchParams(d).toString()),
  { nil: undefined },
);
const shapes = fc.constantFrom("url string", "URL object", "Request", "Request + init", "path only");
const headerForms = fc.constantFrom("object", "Headers", "pairs");
const methods = fc.constantFrom("POST", "PUT", "PATCH", "patch", "DELETE", "post");

function headersAs(form: string, headers: Record<string, string>): HeadersInit {
  if (form === "Headers") return new Headers(headers);
  if (form === "pairs") return Object.entries(headers);
  return headers;
}

// Over the body's own bytes, for every body form and argument shape.
test("the signature on the wire verifies with the mock's verifier", async () => {
  await fc.assert(
    fc.asyncProperty(
      fc.constantFrom("", "/api"),
      paths,
      queries,
      methods,
      shapes,
      headerForms,
      fc.option(bodies, { nil: undefined, freq: 8 }),
      async (base, path, query, method, shape, headerForm, body) => {
        const fetcher = createSigningFetch({
          baseUrl: `${wire.url}${base}`,
          credentials: { accessKey: ACCESS_KEY, secretKey: SECRET_KEY },
        });
        const url = `${wire.url}${base}${path}${query ? `?${query}` : ""}`;
        const headers = headersAs(headerForm, {
          "X-Case": "1",
          ...(body?.header ? { "Content-Type": body.header } : {}),
        });
        const init: RequestInit = {
          method,
          headers,
          body: body?.make() ?? null,
          ...(body?.kind === "ReadableStream" ? { duplex: "half" } : {}),
        };
        const before = wire.arrived.length;
        const res =
          shape === "url string"
            ? await fetcher(url, init)
            : shape === "URL object"
              ? await fetcher(new URL(url), init)
              : shape === "path only"
                ? await fetcher(`${path}${query ? `?${query}` : ""}`, init)
                : shape === "Request"
                  ? await fetcher(new Request(url, init))
                  : await fetcher(new Request(url, { method: "POST", body: "replaced" }), init);
        expect(res.status).toBe(200);
        expect(wire.arrived.length).toBe(before + 1);
        const got = wire.arrived.at(-1)!;
        expect(got.verified, `${shape}, ${body?.kind ?? "no body"}`).toEqual({ ok: true });
        expect(got.method).toBe(method.toUpperCase());
        // The path signed is the path as the URL parser sent it: percent-encoded, base path included.
        expect(got.path).toBe(new URL(url).pathname);
        if (!body) expect(got.body.byteLength).toBe(0);
        else if (body.bytes) expect(Buffer.compare(got.body, Buffer.from(body.bytes))).toBe(0);
        else {
          const form = await new Response(new Uint8Array(got.body), {
            headers: { "Content-Type": got.headers["content-type"]! },
          }).formData();
          expect([form.has("note"), form.get("document") instanceof File]).toEqual([true, true]);
        }
        if (body) expect(got.headers["content-type"]?.startsWith(body.type!)).toBe(true);
      },
    ),
    { seed: 20260525, numRuns: 200, endOnFailure: true },
  );
});
