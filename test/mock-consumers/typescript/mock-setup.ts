// Starts the API's mock once per test run: stateful, production auth (every request's HMAC signature checked), its
// control API, on a free 127.0.0.1 port, with fresh keys and a fresh control token. The tests read them with inject().
import { startMock } from "financial-operations-api-mock";
import type { TestProject } from "vitest/node";

declare module "vitest" {
  export interface ProvidedContext {
    mock: { url: string; accessKey: string; secretKey: string; controlToken: string };
  }
}

export default async function setup(project: TestProject) {
  const mock = await startMock({ stateful: true, auth: "production", control: true });
  project.provide("mock", {
    url: mock.url,
    accessKey: mock.accessKey!,
    secretKey: mock.secretKey!,
    controlToken: mock.controlToken!,
  });
  return () => mock.close();
}
