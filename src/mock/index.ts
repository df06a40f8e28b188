// The financial-operations-api-mock package: start the mock from a test suite (startMock) or make test keys.
export { newKeyPair, type KeyPair } from "./launch/keys.ts";
export { MockOptionsError, type MockOptions } from "./launch/options.ts";
export { type ControlCalls, type FaultSpec, MockControlError, mockControl } from "./launch/control.ts";
export {
  type ControlledMock,
  MockStartError,
  type RunningMock,
  type SigningMock,
  startMock,
  type StartOptions,
} from "./launch/start.ts";
export type { Fault } from "./stateful/faults.ts";
export type { RequestLogEntry } from "./stateful/index.ts";
export type { MockReady } from "./server.ts";
