// One normalizer over the four error envelopes and every documented code.
import { runInNewContext } from "node:vm";
import { describe, expect, expectTypeOf, test } from "vitest";
import {
  ApiError,
  type ConversionErrorCode,
  isApiError,
  normalizeError,
  type PortfolioErrorCode,
} from "../../src/index.ts";
import { deref, loadBundle } from "../helpers/document.ts";

const doc = loadBundle();
const res = (status: number, statusText = "") => new Response(null, { status, statusText });

describe("envelopes", () => {
  test("flat: code, detail, trace_id", () => {
    const body = {
      code: "00020001",
      status: 400,
      detail: "The quote has expired.",
      instance: "/v1/x",
      trace_id: "7f9c",
      time: "2026-11-21T09:30:00Z",
    };
    const e = normalizeError(body, res(400, "Bad Request"));
    expect(e).toMatchObject({
      envelope: "flat",
      status: 400,
      code: "00020001",
      detail: "The quote has expired.",
      traceId: "7f9c",
      body,
    });
    expect(e.message).toBe("400 Bad Request (00020001 The quote has expired.)");
  });

  test("flat rate limit with a null detail", () => {
    expect(normalizeError({ code: "RATE_LIMITED", status: 429, detail: null }, res(429))).toMatchObject({
      envelope: "flat",
      code: "RATE_LIMITED",
      detail: undefined,
    });
  });

  test("older auth shape: status_code and code Unauthorized", () => {
    const e = normalizeError(
      { status_code: 401, code: "Unauthorized", instance: "/v1/x", detail: "Credential not found." },
      res(401),
    );
    expect(e).toMatchObject({
      envelope: "legacy-auth",
      code: "Unauthorized",
      detail: "Credential not found.",
      traceId: undefined,
    });
  });

  test("v2 errors array: first type as code, descriptions joined", () => {
    const e = normalizeError(
      {
        errors: [
          { type: "UNAUTHORIZED", description: "No Authorization header." },
          { type: "X", description: "Second." },
        ],
      },
      res(401),
    );
    expect(e).toMatchObject({ envelope: "v2", code: "UNAUTHORIZED", detail: "No Authorization header.; Second." });
  });

  test("portfolio error object: code, message, request_id", () => {
    const e = normalizeError(
      {
        error: {
          code: "QUOTE_EXPIRED",
          message: "Expired.",
          details: {},
          request_id: "r-1",
          timestamp: "2026-11-21T09:30:00Z",
        },
      },
      res(409),
    );
    expect(e).toMatchObject({ envelope: "portfolio", code: "QUOTE_EXPIRED", detail: "Expired.", traceId: "r-1" });
  });

  test.each([
    ["a text body", "Bad gateway", "Bad gateway"],
    ["no body", undefined, undefined],
    ["an unrelated JSON object", { foo: 1 }, undefined],
  ])("unknown: %s keeps the raw body", (_, body, detail) => {
    const e = normalizeError(body, res(502));
    expect(e).toMatchObject({ envelope: "unknown", status: 502, code: undefined, detail, body });
  });

  test("is an Error, with a guard that also takes one from another realm (vm context)", () => {
    const e = normalizeError({}, res(500));
    expect(e).toBeInstanceOf(ApiError);
    expect(e).toBeInstanceOf(Error);
    expect(isApiError(e)).toBe(true);
    // The package's brand and the name: a plain Error that only borrows the name is not one.
    expect(isApiError(Object.assign(new Error("x"), { name: "ApiError" }))).toBe(false);
    expect(isApiError(new Error("x"))).toBe(false);
    expect(isApiError({ name: "ApiError" })).toBe(false);
    const branded = `Object.defineProperty(Object.assign(new Error("x"), { name: "ApiError" }),
      Symbol.for("financial-operations-api.error"), { value: true })`;
    expect(isApiError(runInNewContext(branded))).toBe(true);
    expect(isApiError("ApiError")).toBe(false);
    expect(isApiError(null)).toBe(false);
  });

  test("the code is typed by the envelope", () => {
    const e = normalizeError({}, res(500));
    if (e.envelope === "portfolio") expectTypeOf(e.code).toEqualTypeOf<PortfolioErrorCode>();
    if (e.envelope === "legacy-auth") expectTypeOf(e.code).toEqualTypeOf<"Unauthorized">();
    expectTypeOf<"00020001">().toExtend<ConversionErrorCode>();
    // The code set is open (a plain string in the document): a code added later is typed too.
    expectTypeOf<"00099999">().toExtend<ConversionErrorCode>();
  });
});

describe("every documented code, from the document's examples", () => {
  const examples = Object.entries<{ value: unknown }>(doc.components.examples);
  const conversionCodes: string[] = deref(doc, doc.components.schemas.ConversionErrorCode)["x-extensible-enum"];
  const portfolioCodes: string[] = deref(doc, doc.components.schemas.PortfolioErrorCode)["x-extensible-enum"];

  test.each(examples)("example %s normalizes with its code", (_, { value }) => {
    const body = value as {
      code?: string;
      status?: number;
      status_code?: number;
      error?: { code: string; request_id?: string };
    };
    const e = normalizeError(body, res(body.status ?? body.status_code ?? 400));
    expect(e.envelope).not.toBe("unknown");
    expect(e.code).toBe(body.error?.code ?? body.code);
    if (body.error) expect(e.traceId).toBe(body.error.request_id);
  });

  test("the examples cover every conversion and portfolio code", () => {
    const seen = new Set(examples.map(([, { value }]) => normalizeError(value, res(400)).code));
    for (const code of [...conversionCodes, ...portfolioCodes]) {
      if (code === "00020006") continue; // the document has no example of the generic trading error
      expect(seen, code).toContain(code);
    }
  });

  test.each([...conversionCodes])("conversion code %s", (code) => {
    expect(normalizeError({ code, status: 400, trace_id: "t" }, res(400))).toMatchObject({
      envelope: "flat",
      code,
      traceId: "t",
    });
  });

  test.each([...portfolioCodes])("portfolio code %s", (code) => {
    expect(normalizeError({ error: { code, message: "m", request_id: "r" } }, res(400))).toMatchObject({
      envelope: "portfolio",
      code,
      traceId: "r",
    });
  });
});
