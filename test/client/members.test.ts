// The reference does not name the quote's two amount fields, so the document keeps the request open and names neither:
// a member it leaves unnamed (the amount under your contract's name) goes out exactly as given, in the bytes signed.
import fc from "fast-check";
import { expect, test } from "vitest";
import { createClient } from "../../src/index.ts";
import { CUSTOMER, fakeClock, HMAC, json, stubFetch } from "./helpers.ts";

const NAMED = new Set(["from_asset", "to_asset", "__proto__", "constructor"]);
const member = fc.string({ minLength: 1, maxLength: 24 }).filter((name) => !NAMED.has(name));
const value = fc.oneof(
  fc.string(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.boolean(),
  fc.constant(null),
);

test("an unnamed member of the quote request reaches the wire as given", async () => {
  await fc.assert(
    fc.asyncProperty(fc.dictionary(member, value, { minKeys: 1, maxKeys: 3 }), async (unnamed) => {
      const stub = stubFetch(json(201, { quote_id: "3f1c9a52-7b4e-4d2a-9c8f-1e2d3c4b5a69" }));
      const client = createClient({
        baseUrl: "https://svc.example",
        credentials: HMAC,
        fetch: stub.fetch,
        clock: fakeClock().clock,
      });
      const body = { from_asset: { asset: "USDC" }, to_asset: { asset: "EUR" }, ...unnamed };
      const { error } = await client.POST("/v1/customers/{customer_id}/conversions/quote", {
        params: { path: { customer_id: CUSTOMER } },
        body,
      });
      expect(error).toBeUndefined();
      expect(stub.sent).toHaveLength(1);
      expect(JSON.parse(new TextDecoder().decode(stub.sent[0]!.body!))).toEqual(JSON.parse(JSON.stringify(body)));
    }),
    { numRuns: 100 },
  );
});
