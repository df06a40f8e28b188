// Wrong paths, params and bodies do not compile; results and errors are typed by the document. Checked by tsc in
// `npm run lint` (tsconfig.json includes it): a failed expectTypeOf or an unused @ts-expect-error is a type error.
import { describe, expectTypeOf, test } from "vitest";
import type { components } from "../../generated/types.ts";
import { createClient, normalizeError } from "../../src/index.ts";

const client = createClient({ baseUrl: "https://svc.example", credentials: { bearerToken: "t" } });
const customer = { customer_id: "c" };

describe("paths, params and bodies", () => {
  test("a read returns the document's types", async () => {
    const { data, error } = await client.GET("/v1/customers/{customer_id}/rfi-cases", {
      params: { path: customer, query: { rfi_status: ["ACTION_REQUIRED"] } },
    });
    expectTypeOf(data!.total).toEqualTypeOf<number>();
    expectTypeOf(data!.list[0]!.rfi_status).toEqualTypeOf<components["schemas"]["RfiStatus"]>();
    expectTypeOf(error!.code).toEqualTypeOf<string>();
    expectTypeOf<components["schemas"]["AuthError"]["status_code"]>().toEqualTypeOf<number | undefined>();
  });

  test("execute quote's error is typed by its responses", async () => {
    const { error } = await client.POST("/v1/customers/{customer_id}/conversions/hedge", {
      params: { path: customer },
      body: { quote_id: "q" },
    });
    expectTypeOf<NonNullable<typeof error>>().toExtend<{ code?: string }>();
  });

  test("unknown paths do not compile", () => {
    // @ts-expect-error no such path
    client.GET("/v1/customers/{customer_id}/nothing", { params: { path: customer } });
    // @ts-expect-error GET is not an operation of the quote path
    client.GET("/v1/customers/{customer_id}/conversions/quote", { params: { path: customer } });
  });

  test("missing or wrong params do not compile", () => {
    // @ts-expect-error customer_id is required
    client.GET("/v1/customers/{customer_id}/rfi-cases", { params: { path: {} } });
    client.GET("/v1/customers/{customer_id}/rfi-cases", {
      // @ts-expect-error rfi_status values are the documented statuses
      params: { path: customer, query: { rfi_status: ["OPEN"] } },
    });
    // @ts-expect-error size is a number
    client.GET("/v1/customers/{customer_id}/rfi-cases", { params: { path: customer, query: { size: "10" } } });
    client.PUT("/v2/accounts/{main_account_id}/individuals/{sub_account_id}/documents/{document_type}", {
      // @ts-expect-error uploads need Content-Disposition
      params: { path: { main_account_id: "m", sub_account_id: "s", document_type: "D" } },
      body: new Uint8Array(),
    });
  });

  test("wrong bodies do not compile", () => {
    // @ts-expect-error quote_id is required
    client.POST("/v1/customers/{customer_id}/conversions/hedge", { params: { path: customer }, body: {} });
    // @ts-expect-error quote_id is a string
    client.POST("/v1/customers/{customer_id}/conversions/hedge", { params: { path: customer }, body: { quote_id: 1 } });
    client.PUT("/v2/accounts/{main_account_id}/individuals/{sub_account_id}/documents/{document_type}", {
      params: {
        path: { main_account_id: "m", sub_account_id: "s", document_type: "D" },
        header: { "Content-Disposition": "attachment" },
      },
      // @ts-expect-error a JSON object is not a document file
      body: { file: "x" },
    });
    client.POST("/v1/customers/{customer_id}/rfi-cases/{case_id}/submissions", {
      params: { path: { ...customer, case_id: "k" } },
      // @ts-expect-error an RFI answer must not carry requirement_id
      body: { requirement_id: "r" },
    });
  });

  test("the Idempotency-Key is optional where the client makes it, and a string when given", () => {
    client.POST("/v1/portfolios/{portfolio_id}/conversions/hedge", {
      params: { path: { portfolio_id: "p" } },
      body: { quote_id: "q" },
    });
    client.POST("/v1/portfolios/{portfolio_id}/conversions/hedge", {
      params: { path: { portfolio_id: "p" }, header: { "Idempotency-Key": "k" } },
      body: { quote_id: "q" },
    });
    client.POST("/v1/portfolios/{portfolio_id}/conversions/hedge", {
      // @ts-expect-error the key is a string
      params: { path: { portfolio_id: "p" }, header: { "Idempotency-Key": 1 } },
      body: { quote_id: "q" },
    });
    client.POST("/v1/customers/{customer_id}/conversions/hedge", {
      // @ts-expect-error execute quote takes no Idempotency-Key parameter
      params: { path: customer, header: { "Idempotency-Key": "k" } },
      body: { quote_id: "q" },
    });
  });

  test("options are checked", () => {
    // @ts-expect-error baseUrl is required
    createClient({ credentials: { bearerToken: "t" } });
    // @ts-expect-error the retry limit is a number
    createClient({ baseUrl: "https://x", retry: { limit: "2" } });
  });
});

describe("per-call options are openapi-fetch's", () => {
  test("headers, signal, parseAs and serializers type-check", () => {
    client.GET("/all_deposit_instructions", {
      headers: { "X-A": ["a", 1, true], "X-B": null, "X-C": undefined },
      signal: AbortSignal.timeout(1_000),
      parseAs: "text",
      querySerializer: () => "",
      pathSerializer: (path: string) => path,
      baseUrl: "https://other.example",
    });
    // @ts-expect-error parseAs is one of openapi-fetch's body readers
    client.GET("/all_deposit_instructions", { parseAs: "xml" });
  });

  test("parseAs types the data", async () => {
    const { data } = await client.GET("/all_deposit_instructions", { parseAs: "text" });
    expectTypeOf(data).toEqualTypeOf<string | undefined>();
  });

  test("normalizeError takes a result whole", async () => {
    const result = await client.GET("/all_deposit_instructions");
    expectTypeOf(normalizeError(result).status).toEqualTypeOf<number>();
  });
});
