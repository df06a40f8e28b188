// The financial-operations-api-mock package: start the mock from a test suite (startMock) or make test keys.
export { newKeyPair, type KeyPair } from "./launch/keys.ts";
export { MockOptionsError, type MockOptions } from "./launch/options.ts";
export { MockStartError, startMock, type RunningMock, type StartOptions } from "./launch/start.ts";
export type { MockReady } from "./server.ts";
