// Defect 5: a signed request replayed for its whole window (Execute Quote accepted 3 times) and timestamps
// ahead of the clock were accepted. Both are now options of the mock with documented defaults: replays of
// requests that change state refused, at most 60 s ahead. Here, through Prism: the defaults, the refusal's envelope,
// and that a refused attempt does not use a signature up. The rules per method, `replay: "allow"` and the future
// bound are test/mock/frontInProcess.test.ts's (on the front's clock); the window's edges
// test/mock/auth/replay.test.ts's.
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { DEFAULT_FUTURE_SECONDS, DEFAULT_REPLAY } from "../../../src/mock/front.ts";
import { rawRequest, signedHeaders, startMockPair } from "./raw.ts";

let mock: Awaited<ReturnType<typeof startMockPair>>;
beforeAll(async () => {
  mock = await startMockPair();
});
afterAll(async () => {
  await mock?.stop();
});

const hedge = "/v1/customers/c1/conversions/hedge";
const body = JSON.stringify({ quote_id: "3f1c9a52-7b4e-4d2a-9c8f-1e2d3c4b5a69" });

describe("replay inside the window", () => {
  test("defaults: replays refused, 60 s ahead at most", () => {
    expect(DEFAULT_REPLAY).toBe("reject");
    expect(DEFAULT_FUTURE_SECONDS).toBe(60);
  });

  test("one signature thrice: 201, then 401 replayed", async () => {
    const headers = signedHeaders(mock.creds, "POST", hedge, body);
    const answers = [];
    for (let i = 0; i < 3; i++) answers.push(await rawRequest(mock.production.url, "POST", hedge, headers, body));
    expect(answers.map((a) => a.status)).toEqual([201, 401, 401]);
    expect(answers[1]!.headers["x-mock-auth-failure"]).toBe("replayed-signature");
    expect(answers[1]!.json()).toMatchObject({
      code: "00010000",
      detail: expect.stringMatching(/^Replayed signature: /),
    });
  });

  test("a refused attempt (wrong body) does not use the signature up", async () => {
    const headers = signedHeaders(mock.creds, "POST", hedge, body, new Date(Date.now() - 2_000));
    expect((await rawRequest(mock.production.url, "POST", hedge, headers, body.replace("3f1c", "4f1c"))).status).toBe(
      401,
    );
    expect((await rawRequest(mock.production.url, "POST", hedge, headers, body)).status).toBe(201);
  });
});
