// The client never sends one signature twice for a state-changing request, and signs each retry in a later second
// than the attempt before (src/signing/ledger.ts, used by src/client/auth.ts): random sequences of keyed creates that
// meet 503s, Execute Quotes sent again, and pages of a list, with random time between calls and random backoff.
import fc from "fast-check";
import { expect, test } from "vitest";
import { createClient } from "../../src/index.ts";
import type { FetchLike } from "../../src/client/options.ts";
import { bankAccount, CUSTOMER, fakeClock, HMAC, json } from "./helpers.ts";

interface Attempt {
  call: number;
  method: string;
  authorization: string;
  date: string;
  at: number;
}

const op = fc.record({
  kind: fc.constantFrom("create", "execute", "page"),
  // How many 503s the call meets before its answer (more than the retry limit: it ends in 503).
  faults: fc.integer({ min: 0, max: 3 }),
  pause: fc.integer({ min: 0, max: 1_500 }),
});

test("no state-changing signature twice; each retry later than its attempt; pages not held", async () => {
  await fc.assert(
    fc.asyncProperty(
      fc.array(op, { minLength: 1, maxLength: 12 }),
      fc.double({ min: 0, max: 1, noNaN: true, maxExcluded: true }),
      fc.integer({ min: 0, max: 999 }),
      async (ops, random, offset) => {
        const time = fakeClock(Date.UTC(2026, 10, 21, 9, 30, 0, offset));
        const attempts: Attempt[] = [];
        let call = -1;
        let faultsLeft = 0;
        const fetch: FetchLike = async (_url, init) => {
          const headers = new Headers(init.headers);
          attempts.push({
            call,
            method: init.method!,
            authorization: headers.get("Authorization")!,
            date: headers.get("X-SVC-Date")!,
            at: time.time(),
          });
          if (faultsLeft-- > 0) return json(503, { code: "00000000", status: 503 });
          return init.method === "GET" ? json(200, { list: [], total: 0 }) : json(409, { code: "00000006" });
        };
        const client = createClient({
          baseUrl: "https://svc.example",
          credentials: HMAC,
          fetch,
          clock: time.clock,
          timeout: false,
          retry: { random: () => random },
        });
        const startedAt: number[] = [];
        for (const [i, { kind, faults, pause }] of ops.entries()) {
          time.set(time.time() + pause);
          [call, faultsLeft] = [i, kind === "execute" ? 0 : faults];
          startedAt.push(time.time());
          const path = { customer_id: CUSTOMER };
          if (kind === "create")
            await client.POST("/v1/customers/{customer_id}/external-accounts", { params: { path }, body: bankAccount });
          else if (kind === "execute")
            await client.POST("/v1/customers/{customer_id}/conversions/hedge", {
              params: { path },
              body: { quote_id: "3f1c9a52-7b4e-4d2a-9c8f-1e2d3c4b5a69" },
            });
          else
            await client.GET("/v1/customers/{customer_id}/rfi-cases", {
              params: { path, query: { page: i } as never },
            });
        }
        const changing = attempts.filter((a) => a.method !== "GET").map((a) => a.authorization);
        expect(new Set(changing).size).toBe(changing.length);
        for (let i = 1; i < attempts.length; i++)
          if (attempts[i]!.call === attempts[i - 1]!.call) expect(attempts[i]!.date > attempts[i - 1]!.date).toBe(true);
        // The first attempt of each read goes at the time it was called: a read is never held for another.
        for (const [i, { kind }] of ops.entries())
          if (kind === "page") expect(attempts.find((a) => a.call === i)!.at).toBe(startedAt[i]);
      },
    ),
    { numRuns: 60 },
  );
});
