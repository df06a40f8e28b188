// Client-test helpers on top of the shared network-edge doubles (test/helpers/edge.ts).
export { CUSTOMER, fakeClock, json, type Sent, stubFetch } from "../helpers/edge.ts";
export { bankAccount } from "../fixtures/operations.ts";

export const HMAC = { accessKey: "AK-TEST", secretKey: "c2VjcmV0LWtleS1ieXRlcy1mb3ItdGVzdHM" };
