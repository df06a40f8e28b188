// `fo-sign proxy --auth sandbox`: the sandbox's authentication, `Authorization: Bearer <access key>`, on customer routes
// (the caller's own Authorization and X-SVC-Date dropped, as in production auth), portfolio routes' bearer token passed
// through; the mock's front in sandbox auth with that key takes it, and another bearer token is refused. The secret is
// not needed.
import { afterAll, beforeAll, expect, test } from "vitest";
import { proxySettings, readyLine } from "../../src/cli/proxy.ts";
import { type RunningFront, startFront } from "../../src/mock/front.ts";
import { startProxy } from "../../src/proxy/server.ts";
import { type PrismInProcess, prismInProcess } from "../mock/prismInProcess.ts";
import { keys } from "./support.ts";

const CUSTOMER = "c0ffee00-0000-4000-8000-000000000001";
let prism: PrismInProcess;
let front: RunningFront;
let proxy: Awaited<ReturnType<typeof startProxy>>;

beforeAll(async () => {
  prism = await prismInProcess();
  front = await startFront({ prism: prism.mocker, auth: "sandbox", sandboxTokens: new Set([keys.accessKey]) });
  proxy = await startProxy({ upstream: front.url, auth: "sandbox", credentials: { accessKey: keys.accessKey } });
});
afterAll(async () => {
  await proxy?.close();
  await front?.close();
  await prism?.close();
});

test("a customer route gets the access key as its bearer token, whatever the caller sent", async () => {
  const direct = await fetch(`${front.url}/v1/customers/${CUSTOMER}/rfi-cases`, {
    headers: { Authorization: "Bearer someone-else" },
  });
  expect(direct.status).toBe(401);
  const proxied = await fetch(`${proxy.url}/v1/customers/${CUSTOMER}/rfi-cases`, {
    headers: { Authorization: "Bearer someone-else", "X-SVC-Date": "20261201T100000Z" },
  });
  expect(proxied.status).toBe(200);
});

test("settings: --auth sandbox needs the access key only; the ready line says what it sends", () => {
  const s = proxySettings(["--upstream", "http://127.0.0.1:4010", "--auth", "sandbox"], {
    FO_ACCESS_KEY: keys.accessKey,
  });
  expect(s).toMatchObject({ auth: "sandbox", accessKey: keys.accessKey });
  expect(s.secretKey).toBeUndefined();
  expect(
    readyLine(s, {
      url: "http://127.0.0.1:8080",
      port: 8080,
      upstream: "http://127.0.0.1:4010",
      close: async () => {},
    }),
  ).toBe(
    `fo-sign proxy ready: sending the access key as a bearer token (sandbox auth; ${keys.accessKey.slice(0, 4)}..., ` +
      `${keys.accessKey.length} characters) for http://127.0.0.1:4010, ` +
      "listening on http://127.0.0.1:8080 (bodies up to 10485760 bytes; web pages refused)",
  );
  // The bearer token is the access key: the line never holds it whole.
  expect(readyLine(s, { url: "u", port: 1, upstream: "v", close: async () => {} })).not.toContain(keys.accessKey);
  expect(() => proxySettings(["--upstream", "http://127.0.0.1:4010", "--auth", "sandbox"], {})).toThrow(
    "set FO_ACCESS_KEY (from API Settings) in the environment: the sandbox takes it as a bearer token.",
  );
  expect(() => proxySettings(["--upstream", "http://127.0.0.1:4010"], { FO_ACCESS_KEY: keys.accessKey })).toThrow(
    /set FO_ACCESS_KEY and FO_SECRET_KEY/,
  );
});

test.each([
  ["http://sandbox.example", "sandbox", false],
  ["http://10.0.0.7:4010", "sandbox", false],
  ["https://sandbox.example", "sandbox", true],
  ["http://127.0.0.1:4010", "sandbox", true],
  ["http://localhost:4010", "sandbox", true],
  ["http://[::1]:4010", "sandbox", true],
  // A signature is no secret: production auth may go to any origin.
  ["http://sandbox.example", "production", true],
])("upstream %s with --auth %s: taken %s", (upstream, auth, taken) => {
  const settings = () =>
    proxySettings(["--upstream", upstream, "--auth", auth], {
      FO_ACCESS_KEY: keys.accessKey,
      FO_SECRET_KEY: keys.secretKey,
    });
  if (taken) expect(settings().upstream).toBe(new URL(upstream).origin);
  else
    expect(settings).toThrow(
      `--auth sandbox sends FO_ACCESS_KEY as a bearer token: give an https:// upstream (http:// only to 127.0.0.1, ` +
        `localhost or [::1]), not ${new URL(upstream).origin}.`,
    );
});

test("production auth without the secret is refused before anything listens", async () => {
  await expect(startProxy({ upstream: front.url, credentials: { accessKey: keys.accessKey } })).rejects.toThrow(
    "Production auth needs the secret key to sign.",
  );
});
