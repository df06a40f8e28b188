// The signing fetch never sends one signature twice for a state-changing request (src/signing/ledger.ts): random
// sequences of POST, PUT, PATCH, DELETE and GET calls, the same bodies again, random time between calls. Reads of one
// path (pages of a list: the query is not signed) go at once.
import fc from "fast-check";
import { expect, test } from "vitest";
import type { FetchLike } from "../../src/client/options.ts";
import { createSigningFetch } from "../../src/fetch/index.ts";

const HMAC = { accessKey: "AK-TEST", secretKey: "c2VjcmV0LWtleS1ieXRlcy1mb3ItdGVzdHM" };

const call = fc.record({
  method: fc.constantFrom("GET", "POST", "PUT", "PATCH", "DELETE"),
  body: fc.constantFrom("{}", '{"a":1}'),
  page: fc.integer({ min: 1, max: 3 }),
  pause: fc.integer({ min: 0, max: 1_200 }),
});

test("no state-changing signature twice; reads not held", async () => {
  await fc.assert(
    fc.asyncProperty(fc.array(call, { minLength: 1, maxLength: 25 }), async (calls) => {
      let now = Date.UTC(2026, 10, 25, 9, 30, 0);
      const clock = {
        now: () => now,
        sleep: async (ms: number) => {
          now += ms;
        },
      };
      const sent: { method: string; authorization: string; at: number }[] = [];
      const fetch: FetchLike = async (_url, init) => {
        sent.push({ method: init.method!, authorization: new Headers(init.headers).get("Authorization")!, at: now });
        return new Response("{}", { status: 200 });
      };
      const fetcher = createSigningFetch({ baseUrl: "https://svc.example", credentials: HMAC, fetch, clock });
      for (const { method, body, page, pause } of calls) {
        now += pause;
        const calledAt = now;
        await fetcher(`https://svc.example/v1/x?page=${page}`, method === "GET" ? {} : { method, body });
        if (method === "GET") expect(sent.at(-1)!.at).toBe(calledAt);
      }
      const changing = sent.filter((s) => s.method !== "GET").map((s) => s.authorization);
      expect(new Set(changing).size).toBe(changing.length);
    }),
    { numRuns: 150 },
  );
});
