// The client builds each call itself (URL, headers, bytes) with openapi-fetch's call signatures and
// result shapes: what it takes, what it refuses before sending, and what it gives back.
import { createHmac } from "node:crypto";
import { expect, test } from "vitest";
import { createClient, type FetchLike } from "../../src/index.ts";
import { EMPTY_BODY_HASH } from "../../src/signing/index.ts";
import { CUSTOMER, fakeClock, HMAC, json, stubFetch } from "./helpers.ts";

const base = "https://svc.example";
const cases = "/v1/customers/{customer_id}/rfi-cases" as const;
const path = { customer_id: CUSTOMER };

function setup(...answers: Parameters<typeof stubFetch>) {
  const stub = stubFetch(...(answers.length ? answers : [json(200, { list: [], total: 0 })]));
  const { clock } = fakeClock();
  return { client: createClient({ baseUrl: base, credentials: HMAC, fetch: stub.fetch, clock }), sent: stub.sent };
}

test("the query is form style: arrays joined by commas, values encoded, null, undefined and empty arrays left out", async () => {
  const { client, sent } = setup();
  await client.GET(cases, {
    params: {
      path,
      query: { rfi_status: ["ACTION_REQUIRED", "PENDING_REVIEW"], subject_id: "a b&c", case_id: undefined, page: 2 },
    },
  });
  await client.GET(cases, { params: { path, query: { rfi_status: [] } } });
  expect(sent.map((s) => s.url.href)).toEqual([
    `${base}/v1/customers/${CUSTOMER}/rfi-cases?rfi_status=ACTION_REQUIRED,PENDING_REVIEW&subject_id=a%20b%26c&page=2`,
    `${base}/v1/customers/${CUSTOMER}/rfi-cases`,
  ]);
});

test("a querySerializer function is used as given; options objects, object values and middleware are refused before sending", async () => {
  const { client, sent } = setup();
  await client.GET(cases, { params: { path, query: { page: 3 } }, querySerializer: () => "?custom=1" });
  expect(sent[0]!.url.search).toBe("?custom=1");
  await expect(
    client.GET(cases, { params: { path }, querySerializer: { array: { style: "form", explode: true } } }),
  ).rejects.toThrow(/querySerializer options are not supported/);
  await expect(client.GET(cases, { params: { path, query: { subject_id: { a: 1 } as never } } })).rejects.toThrow(
    "Query parameter subject_id is an object",
  );
  await expect(client.GET(cases, { params: { path }, middleware: [] })).rejects.toThrow(/middleware .* not supported/);
  expect(sent).toHaveLength(1);
});

test("path values are encoded whole; a missing one leaves its template; request() takes only an HTTP token as method", async () => {
  const { client, sent } = setup();
  await client.GET(cases, { params: { path: { customer_id: "a b:c" } } });
  expect(sent[0]!.url.pathname).toBe("/v1/customers/a%20b%3Ac/rfi-cases");
  await (client.GET as Function)(cases, {});
  expect(sent[1]!.url.pathname).toBe("/v1/customers/%7Bcustomer_id%7D/rfi-cases");
  await client.request("get", cases, { params: { path } });
  expect(sent[2]!.method).toBe("GET");
  await expect(client.request("GET\nX-Evil: 1" as "get", cases, { params: { path } })).rejects.toThrow(
    "Method is not an HTTP token",
  );
  expect(sent).toHaveLength(3);
});

test("a per-call baseUrl and fetch are used, and the baseUrl is checked like the client's", async () => {
  const { client, sent } = setup();
  // A per-call fetch is called as openapi-fetch calls it, with a Request.
  const other = stubFetch(json(200, { list: [], total: 1 }));
  const perCall = (request: Request) => other.fetch(request.url, { method: request.method, headers: request.headers });
  const { data } = await client.GET(cases, { params: { path }, baseUrl: "https://other.example/api/", fetch: perCall });
  expect(data?.total).toBe(1);
  expect(other.sent[0]!.url.href).toBe(`https://other.example/api/v1/customers/${CUSTOMER}/rfi-cases`);
  // The prefix is part of the signed path.
  expect(other.sent[0]!.headers.get("Authorization")).toContain("AK-TEST:");
  await expect(client.GET(cases, { params: { path }, baseUrl: "https://user:pw@other.example" })).rejects.toThrow(
    /without user name or password/,
  );
  expect(sent).toHaveLength(0);
});

test("parseAs gives text, an ArrayBuffer, a typed Blob or a stream of the bytes read", async () => {
  const body = '{"list":[],"total":0}';
  const { client } = setup(new Response(body, { headers: { "Content-Type": "application/json" } }));
  const get = (parseAs: "text" | "arrayBuffer" | "blob" | "stream") => client.GET(cases, { params: { path }, parseAs });
  expect((await get("text")).data).toBe(body);
  expect(new TextDecoder().decode((await get("arrayBuffer")).data as ArrayBuffer)).toBe(body);
  const blob = (await get("blob")).data as Blob;
  expect([blob.type, await blob.text()]).toEqual(["application/json", body]);
  expect(await new Response((await get("stream")).data as ReadableStream).text()).toBe(body);
});

test("an error body is JSON when it parses, else its text; an empty body or a 204 gives neither data nor error", async () => {
  const { client } = setup(
    json(400, { code: "00000001" }),
    new Response("<html>oops</html>", { status: 502 }),
    new Response(null, { status: 404 }),
    new Response(null, { status: 204 }),
  );
  const noRetry = { params: { path } };
  expect((await client.GET(cases, noRetry)).error).toEqual({ code: "00000001" });
  const { clock } = fakeClock();
  const once = createClient({
    baseUrl: base,
    credentials: HMAC,
    clock,
    retry: false,
    fetch: stubFetch(new Response("<html>oops</html>", { status: 502 })).fetch,
  });
  expect((await once.GET(cases, noRetry)).error).toBe("<html>oops</html>");
  const empty = createClient({
    baseUrl: base,
    credentials: HMAC,
    clock,
    retry: false,
    fetch: stubFetch(new Response(null, { status: 404 }), new Response(null, { status: 204 })).fetch,
  });
  const missing = await empty.GET(cases, noRetry);
  expect([missing.error, missing.response.status]).toEqual([undefined, 404]);
  const none = await empty.GET(cases, noRetry);
  expect([none.data, none.error, none.response.status]).toEqual([undefined, undefined, 204]);
});

test("signatures stay correct where calls share a string to sign (one path, one second: the signature is reused) and where they do not", async () => {
  const sent: Headers[] = [];
  const fetch: FetchLike = async (_url, init) => (
    sent.push(new Headers(init.headers)), json(200, { list: [], total: 0 })
  );
  let now = Date.UTC(2026, 10, 24, 9, 0, 0, 100);
  const clock = { now: () => now, sleep: async () => {} };
  const client = createClient({ baseUrl: base, credentials: HMAC, fetch, clock, timeout: false });
  await client.GET(cases, { params: { path, query: { page: 1 } } });
  await client.GET(cases, { params: { path, query: { page: 2 } } });
  await client.GET(cases, { params: { path: { customer_id: "other" } } });
  now += 1_000;
  await client.GET(cases, { params: { path } });
  const auth = sent.map((h) => h.get("Authorization")!);
  expect(auth[1]).toBe(auth[0]);
  expect(new Set(auth).size).toBe(3);
  const key = Buffer.from(HMAC.secretKey, "base64url");
  sent.forEach((h, i) => {
    const date = h.get("X-SVC-Date")!;
    const p = `/v1/customers/${i === 2 ? "other" : CUSTOMER}/rfi-cases`;
    const mac = createHmac("sha256", key)
      .update(`${HMAC.accessKey}\n${date}\nGET\n${p}\n${EMPTY_BODY_HASH}`)
      .digest("hex");
    expect(h.get("Authorization")).toBe(`Service-HMAC-SHA256 ${HMAC.accessKey}:${date}:${mac}`);
  });
});

test("each retry gets headers of its own, signed afresh; the first attempt's stay as they were sent", async () => {
  const seen: Headers[] = [];
  const answers = [json(503, {}), json(200, { list: [], total: 0 })];
  let now = Date.UTC(2026, 10, 24, 9, 0, 0);
  const clock = { now: () => now, sleep: async (ms: number) => void (now += ms) };
  const fetch: FetchLike = async (_url, init) => (seen.push(init.headers as Headers), answers.shift()!);
  const client = createClient({
    baseUrl: base,
    credentials: HMAC,
    fetch,
    clock,
    timeout: false,
    retry: { baseDelay: 2_000, random: () => 0.99 },
  });
  expect((await client.GET(cases, { params: { path } })).data?.total).toBe(0);
  expect(seen).toHaveLength(2);
  expect(seen[1]).not.toBe(seen[0]);
  expect(seen[1]!.get("X-SVC-Date")).not.toBe(seen[0]!.get("X-SVC-Date"));
  expect(seen[1]!.get("Authorization")).not.toBe(seen[0]!.get("Authorization"));
});
