// Defect 5: a signed request replayed for its whole window (Execute Quote accepted 3 times) and timestamps
// ahead of the clock were accepted. Both are now options of the mock with documented defaults: replays of
// requests that change state refused, at most 60 s ahead.
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { DEFAULT_FUTURE_SECONDS, DEFAULT_REPLAY, startFront, type RunningFront } from "../../../src/mock/front.ts";
import { parseKeys } from "../../../src/mock/auth/keys.ts";
import { ReplayGuard } from "../../../src/mock/auth/replay.ts";
import { rawRequest, signedHeaders, startMockPair } from "./raw.ts";

let mock: Awaited<ReturnType<typeof startMockPair>>;
let allowing: RunningFront;
beforeAll(async () => {
  mock = await startMockPair();
  allowing = await startFront({
    prism: mock.prism.listener,
    keys: parseKeys({ [mock.creds.accessKey]: mock.creds.secretKey }, "test keys"),
    replay: "allow",
    futureSeconds: 600,
  });
});
afterAll(async () => {
  await allowing?.close();
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

  test("a GET may repeat its signature", async () => {
    const path = "/v1/customers/c1/rfi-cases";
    const headers = signedHeaders(mock.creds, "GET", path);
    for (let i = 0; i < 3; i++) expect((await rawRequest(mock.production.url, "GET", path, headers)).status).toBe(200);
  });

  test("--replay allow accepts the same signature again", async () => {
    const headers = signedHeaders(mock.creds, "POST", hedge, body);
    for (let i = 0; i < 3; i++) expect((await rawRequest(allowing.url, "POST", hedge, headers, body)).status).toBe(201);
  });

  test("the guard forgets a signature once its timestamp has left the window", () => {
    const guard = new ReplayGuard(300);
    const t0 = new Date("2026-11-21T09:30:00Z");
    expect(guard.firstUse("s", t0, t0)).toBe(true);
    expect(guard.firstUse("s", t0, new Date(t0.getTime() + 299_000))).toBe(false);
    expect(guard.firstUse("other", t0, new Date(t0.getTime() + 302_000))).toBe(true);
    expect(guard.size).toBe(1);
  });
});

describe("timestamps ahead of the clock", () => {
  test("61 s ahead is refused as future-timestamp, 50 s ahead passes", async () => {
    const ahead = await rawRequest(
      mock.production.url,
      "POST",
      hedge,
      signedHeaders(mock.creds, "POST", hedge, body, new Date(Date.now() + 61_000)),
      body,
    );
    expect(ahead.status).toBe(401);
    expect(ahead.headers["x-mock-auth-failure"]).toBe("future-timestamp");
    expect(
      (
        await rawRequest(
          mock.production.url,
          "POST",
          hedge,
          signedHeaders(mock.creds, "POST", hedge, body, new Date(Date.now() + 50_000)),
          body,
        )
      ).status,
    ).toBe(201);
  });

  test("the bound is an option", async () => {
    expect(
      (
        await rawRequest(
          allowing.url,
          "POST",
          hedge,
          signedHeaders(mock.creds, "POST", hedge, body, new Date(Date.now() + 500_000)),
          body,
        )
      ).status,
    ).toBe(201);
  });
});
