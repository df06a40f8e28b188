// The shared signing vectors (vectors.json, format in README.md), typed for the TypeScript suites.
import fixtures from "./vectors.json" with { type: "json" };
import type { BodySpec } from "./bodies.ts";

export interface Vector {
  name: string;
  input: {
    accessKey: string;
    secretKey: string;
    method: string;
    path: string;
    time: string;
    body: BodySpec;
    query?: string;
  };
  expected: {
    timestamp: string;
    bodyHash: string;
    stringToSign: string;
    signature: string;
    authorization: string;
    headers: { Authorization: string; "X-SVC-Date": string };
  };
}

export const vectors = fixtures.cases as Vector[];
export const invalidSecrets: Array<{ name: string; secretKey: string }> = fixtures.invalidSecrets;

/** Portfolio paths take the portfolio bearer token: clients and hooks never sign them. */
export const isPortfolioPath = (path: string) => /(^|\/)v1\/portfolios\//.test(path);
