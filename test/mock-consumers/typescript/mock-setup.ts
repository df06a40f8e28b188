// Starts the API's mock once per test run, as the API behaves in production: stateful, production auth (every
// request's HMAC signature checked), its control API, on a free 127.0.0.1 port, with fresh keys and a fresh control
// token. The test files read them with inject(); the mock stops after the last file.
import { startMock } from "financial-operations-api-mock";
import type { TestProject } from "vitest/node";

declare module "vitest" {
  export interface ProvidedContext {
    mock: { url: string; accessKey: string; secretKey: string; controlToken: string };
  }
}

export default async function setup(project: TestProject) {
  const mock = await startMock();
  const { url, accessKey, secretKey, controlToken } = mock;
  project.provide("mock", { url, accessKey, secretKey, controlToken });
  return () => mock.close();
}
