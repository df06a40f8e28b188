// The client builds each call itself (URL, headers, bytes) with openapi-fetch's call signatures and
// result shapes: what it takes, what it refuses before sending, and what it gives back.
import { createHmac } from "node:crypto";
import { describe, expect, test } from "vitest";
import { createClient, type FetchLike } from "../../src/index.ts";
import { EMPTY_BODY_HASH } from "../../src/signing/index.ts";
import { CUSTOMER, fakeClock, HMAC, json, stubFetch } from "./helpers.ts";

const base = "https://svc.example";
const cases = "/v1/customers/{customer_id}/rfi-cases" as const;
const path = { customer_id: CUSTOMER };
const casesUrl = `${base}/v1/customers/${CUSTOMER}/rfi-cases`;

function setup(...answers: Parameters<typeof stubFetch>) {
  const stub = stubFetch(...(answers.length ? answers : [json(200, { list: [], total: 0 })]));
  const { clock } = fakeClock();
  const client = createClient({ baseUrl: base, credentials: HMAC, fetch: stub.fetch, clock, retry: false });
  return { client, sent: stub.sent };
}

describe("query", () => {
  test("arrays are joined by commas", async () => {
    const { client, sent } = setup();
    await client.GET(cases, { params: { path, query: { rfi_status: ["ACTION_REQUIRED", "PENDING_REVIEW"] } } });
    expect(sent[0]!.url.href).toBe(`${casesUrl}?rfi_status=ACTION_REQUIRED,PENDING_REVIEW`);
  });

  test("values are percent-encoded", async () => {
    const { client, sent } = setup();
    await client.GET(cases, { params: { path, query: { subject_id: "a b&c", page: 2 } } });
    expect(sent[0]!.url.href).toBe(`${casesUrl}?subject_id=a%20b%26c&page=2`);
  });

  test("undefined and empty arrays are left out", async () => {
    const { client, sent } = setup();
    await client.GET(cases, { params: { path, query: { case_id: undefined, rfi_status: [] } } });
    expect(sent[0]!.url.href).toBe(casesUrl);
  });

  test("a querySerializer function is used", async () => {
    const { client, sent } = setup();
    await client.GET(cases, { params: { path, query: { page: 3 } }, querySerializer: () => "?custom=1" });
    expect(sent[0]!.url.search).toBe("?custom=1");
  });
});

describe("refused before sending", () => {
  test("querySerializer options", async () => {
    const { client, sent } = setup();
    const qs = { array: { style: "form", explode: true } } as const;
    await expect(client.GET(cases, { params: { path }, querySerializer: qs })).rejects.toThrow(
      "querySerializer options are not supported: pass a function",
    );
    expect(sent).toHaveLength(0);
  });

  test("middleware", async () => {
    const { client, sent } = setup();
    await expect(client.GET(cases, { params: { path }, middleware: [] })).rejects.toThrow(
      "middleware is not supported: wrap the fetch option",
    );
    expect(sent).toHaveLength(0);
  });

  test("an object as query value", async () => {
    const { client, sent } = setup();
    await expect(client.GET(cases, { params: { path, query: { subject_id: { a: 1 } as never } } })).rejects.toThrow(
      "Query parameter subject_id is an object",
    );
    expect(sent).toHaveLength(0);
  });

  test("a method that is not an HTTP token", async () => {
    const { client, sent } = setup();
    await expect(client.request("GET\nX-Evil: 1" as "get", cases, { params: { path } })).rejects.toThrow(
      "Method is not an HTTP token",
    );
    expect(sent).toHaveLength(0);
  });

  test("a per-call baseUrl with a password", async () => {
    const { client, sent } = setup();
    await expect(client.GET(cases, { params: { path }, baseUrl: "https://user:pw@other.example" })).rejects.toThrow(
      "baseUrl must not carry a user name or password",
    );
    expect(sent).toHaveLength(0);
  });
});

describe("path", () => {
  test("values are encoded whole", async () => {
    const { client, sent } = setup();
    await client.GET(cases, { params: { path: { customer_id: "a b:c" } } });
    expect(sent[0]!.url.pathname).toBe("/v1/customers/a%20b%3Ac/rfi-cases");
  });

  test("a missing value leaves its template", async () => {
    const { client, sent } = setup();
    await client.GET(cases, {} as never);
    expect(sent[0]!.url.pathname).toBe("/v1/customers/%7Bcustomer_id%7D/rfi-cases");
  });

  test("request() upper-cases the method", async () => {
    const { client, sent } = setup();
    await client.request("get", cases, { params: { path } });
    expect(sent[0]!.method).toBe("GET");
  });
});

describe("per call", () => {
  // A per-call fetch is called as openapi-fetch calls it, with a Request.
  const perCall = () => {
    const other = stubFetch(json(200, { list: [], total: 1 }));
    const fetch = (request: Request) => other.fetch(request.url, { method: request.method, headers: request.headers });
    return { fetch, sent: other.sent };
  };

  test("fetch is called with a Request", async () => {
    const { client, sent } = setup();
    const other = perCall();
    const { data } = await client.GET(cases, { params: { path }, fetch: other.fetch });
    expect(data?.total).toBe(1);
    expect([sent.length, other.sent.length]).toEqual([0, 1]);
  });

  test("baseUrl is used, its prefix signed", async () => {
    const { client } = setup();
    const other = perCall();
    await client.GET(cases, { params: { path }, baseUrl: "https://other.example/api/", fetch: other.fetch });
    const { url, headers } = other.sent[0]!;
    expect(url.href).toBe(`https://other.example/api/v1/customers/${CUSTOMER}/rfi-cases`);
    const date = headers.get("X-SVC-Date")!;
    const mac = createHmac("sha256", Buffer.from(HMAC.secretKey, "base64url"))
      .update(`${HMAC.accessKey}\n${date}\nGET\n${url.pathname}\n${EMPTY_BODY_HASH}`)
      .digest("hex");
    expect(headers.get("Authorization")).toBe(`Service-HMAC-SHA256 ${HMAC.accessKey}:${date}:${mac}`);
  });
});

describe("parseAs", () => {
  const body = '{"list":[],"total":0}';
  const get = (parseAs: "text" | "arrayBuffer" | "blob" | "stream") => {
    const { client } = setup(new Response(body, { headers: { "Content-Type": "application/json" } }));
    return client.GET(cases, { params: { path }, parseAs });
  };

  test("text", async () => {
    expect((await get("text")).data).toBe(body);
  });

  test("arrayBuffer", async () => {
    expect(new TextDecoder().decode((await get("arrayBuffer")).data as ArrayBuffer)).toBe(body);
  });

  test("blob, typed by Content-Type", async () => {
    const blob = (await get("blob")).data as Blob;
    expect([blob.type, await blob.text()]).toEqual(["application/json", body]);
  });

  test("stream", async () => {
    expect(await new Response((await get("stream")).data as ReadableStream).text()).toBe(body);
  });
});

describe("error results", () => {
  test("a JSON body is parsed", async () => {
    const { client } = setup(json(400, { code: "00000001" }));
    expect((await client.GET(cases, { params: { path } })).error).toEqual({ code: "00000001" });
  });

  test("a non-JSON body is its text", async () => {
    const { client } = setup(new Response("<html>oops</html>", { status: 502 }));
    expect((await client.GET(cases, { params: { path } })).error).toBe("<html>oops</html>");
  });

  test("an empty body gives no error value", async () => {
    const { client } = setup(new Response(null, { status: 404 }));
    const { error, response } = await client.GET(cases, { params: { path } });
    expect([error, response.status]).toEqual([undefined, 404]);
  });

  test("a 204 gives neither data nor error", async () => {
    const { client } = setup(new Response(null, { status: 204 }));
    const { data, error, response } = await client.GET(cases, { params: { path } });
    expect([data, error, response.status]).toEqual([undefined, undefined, 204]);
  });

  test("carry what was sent", async () => {
    const { client } = setup(json(400, {}));
    const result = await client.GET(cases, { params: { path } });
    expect("sent" in result && result.sent).toEqual({ method: "GET", url: casesUrl, stringToSign: undefined });
  });

  test("a success carries nothing sent", async () => {
    const { client } = setup();
    expect((await client.GET(cases, { params: { path } })) as object).toMatchObject({ sent: undefined });
  });
});

describe("signatures", () => {
  const signed = () => {
    const sent: Headers[] = [];
    const fetch: FetchLike = async (_url, init) => {
      sent.push(new Headers(init.headers));
      return json(200, { list: [], total: 0 });
    };
    const clock = { now: () => Date.UTC(2026, 10, 24, 9, 0, 0, 100), sleep: async () => {} };
    const client = createClient({ baseUrl: base, credentials: HMAC, fetch, clock, timeout: false });
    return { client, clock, auth: () => sent.map((h) => h.get("Authorization")!), sent };
  };

  test("one path in one second signs alike", async () => {
    const { client, auth } = signed();
    await client.GET(cases, { params: { path, query: { page: 1 } } });
    await client.GET(cases, { params: { path, query: { page: 2 } } });
    expect(auth()[1]).toBe(auth()[0]);
  });

  test("another path signs anew", async () => {
    const { client, auth, sent } = signed();
    await client.GET(cases, { params: { path } });
    await client.GET(cases, { params: { path: { customer_id: "other" } } });
    expect(auth()[1]).not.toBe(auth()[0]);
    const mac = createHmac("sha256", Buffer.from(HMAC.secretKey, "base64url"))
      .update(
        `${HMAC.accessKey}\n${sent[1]!.get("X-SVC-Date")}\nGET\n/v1/customers/other/rfi-cases\n${EMPTY_BODY_HASH}`,
      )
      .digest("hex");
    expect(auth()[1]).toMatch(new RegExp(`:${mac}$`));
  });

  test("the next second signs anew", async () => {
    const { client, auth, clock, sent } = signed();
    await client.GET(cases, { params: { path } });
    const now = clock.now();
    clock.now = () => now + 1_000;
    await client.GET(cases, { params: { path } });
    expect(auth()[1]).not.toBe(auth()[0]);
    expect(sent.map((h) => h.get("X-SVC-Date"))).toEqual(["20261124T090000Z", "20261124T090001Z"]);
  });
});

test("each retry gets headers of its own", async () => {
  const seen: Headers[] = [];
  const answers = [json(503, {}), json(200, { list: [], total: 0 })];
  let now = Date.UTC(2026, 10, 24, 9, 0, 0);
  const clock = {
    now: () => now,
    sleep: async (ms: number) => {
      now += ms;
    },
  };
  const fetch: FetchLike = async (_url, init) => {
    seen.push(init.headers as Headers);
    return answers.shift()!;
  };
  const retry = { baseDelay: 2_000, random: () => 0.99 };
  const client = createClient({ baseUrl: base, credentials: HMAC, fetch, clock, timeout: false, retry });
  expect((await client.GET(cases, { params: { path } })).data?.total).toBe(0);
  expect(seen).toHaveLength(2);
  expect(seen[1]).not.toBe(seen[0]);
  expect(seen[0]!.get("X-SVC-Date")).toBe("20261124T090000Z");
  expect(seen[1]!.get("X-SVC-Date")).toBe("20261124T090001Z");
  expect(seen[1]!.get("Authorization")).not.toBe(seen[0]!.get("Authorization"));
});
