// A consumer's CommonJS module, run by Node, Bun and Deno: require() of the package, a signed request, the JSON
// document through require. Prints one JSON line of what it saw.
const process = require("node:process");
const { createClient } = require("financial-operations-api");
const doc = require("financial-operations-api/openapi.json");

// The consumer test sets them all; an unset key is an empty one, which the client refuses.
const { FO_CONSUMER_BASE_URL, FO_CONSUMER_RUN, FO_ACCESS_KEY = "", FO_SECRET_KEY = "" } = process.env;
const run = `${FO_CONSUMER_RUN}-cjs`;

async function main() {
  const client = createClient({
    baseUrl: `${FO_CONSUMER_BASE_URL}/api`,
    credentials: { accessKey: FO_ACCESS_KEY, secretKey: FO_SECRET_KEY },
    retry: false,
  });
  const rfi = await client.GET("/v1/customers/{customer_id}/rfi-cases", {
    params: { path: { customer_id: run }, query: { size: 1 } },
  });
  if (rfi.error) throw new Error(`rfi-cases answered ${rfi.response.status}: ${JSON.stringify(rfi.error)}`);
  console.log(
    JSON.stringify({
      module: "cjs",
      resolved: require.resolve("financial-operations-api").replace(/\\/g, "/").split("/node_modules/").pop(),
      rfi: { status: rfi.response.status, total: rfi.data.total },
      spec: { json: doc.openapi },
    }),
  );
}

main().catch((err) => {
  console.error(err);
  process.exitCode = 1;
});
