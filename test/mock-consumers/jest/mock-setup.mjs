// Starts the API's mock once per run (stateful, production auth, control API, fresh keys and token). The test files
// run in workers started after this, so they read the mock's address and keys from the environment.
import { startMock } from "financial-operations-api-mock";

export default async function setup() {
  const mock = await startMock();
  globalThis.foMock = mock;
  Object.assign(process.env, {
    FO_MOCK_URL: mock.url,
    FO_ACCESS_KEY: mock.accessKey,
    FO_SECRET_KEY: mock.secretKey,
    FO_MOCK_CONTROL_TOKEN: mock.controlToken,
  });
}
