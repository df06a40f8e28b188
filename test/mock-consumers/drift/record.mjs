// Records a few calls to the mock: starts fo-mock (stateful, production auth, the keys of .mock-keys.json) and, in
// front of it, fo-sign proxy --record traffic.har (FO_ACCESS_KEY and FO_SECRET_KEY from the environment), each on a
// free port and tied to this script by its standard input; sends a quote, its execution, the order's read and the RFI
// list through the proxy; then stops both.
import { spawn } from "node:child_process";

/**
 * Starts a bin of this project's node_modules/.bin with `args`; resolves with the URL its ready line names.
 * @param {string} bin @param {string[]} args @param {RegExp} ready
 */
function start(bin, args, ready) {
  const child = spawn(`node_modules/.bin/${bin}`, [...args, "--port", "0", "--stop-on-stdin-close"], {
    stdio: ["pipe", "pipe", "inherit"],
  });
  return new Promise((resolve, reject) => {
    let out = "";
    child.stdout.on("data", (data) => {
      out += data;
      const url = ready.exec(out)?.[1];
      if (url) resolve({ url, stop: () => new Promise((done) => child.once("exit", done).stdin.end()) });
    });
    child.once("exit", (code) => reject(new Error(`${bin} ended (${code}) before it was ready:\n${out}`)));
  });
}

const mock = await start(
  "fo-mock",
  ["--stateful", "--auth", "production", "--keys", ".mock-keys.json"],
  /fo-mock ready: (http:\/\/127\.0\.0\.1:\d+)/,
);
const proxy = await start(
  "fo-sign",
  ["proxy", "--upstream", mock.url, "--record", "traffic.har"],
  /listening on (http:\/\/127\.0\.0\.1:\d+)/,
);
try {
  const customer = `${proxy.url}/v1/customers/c0ffee00-0000-4000-8000-000000000001`;
  /** @param {string} path @param {unknown} [body] */
  const call = async (path, body) => {
    const init = body === undefined ? {} : { method: "POST", body: JSON.stringify(body) };
    const res = await fetch(`${customer}${path}`, { ...init, headers: { "Content-Type": "application/json" } });
    console.log(res.status, path);
    return res.json();
  };
  const quote = await call("/conversions/quote", {
    from_asset: { asset: "USDC" },
    to_asset: { asset: "EUR" },
    pay_amount: "100",
  });
  const order = await call("/conversions/hedge", { quote_id: quote.quote_id });
  await call(`/conversions/order?transaction_id=${order.transaction_id}`);
  await call("/rfi-cases");
} finally {
  await proxy.stop();
  await mock.stop();
}
