// orval's fetch client calls the global fetch unless given a mutator: this one sends through the signing fetch and
// returns what orval's generated functions expect ({ data, status, headers }). orval.config: override.mutator
// { path: "./drivers/orval-fetch.ts", name: "signedFetch" }. The test hands it the signing fetch once.
import type { SigningFetch } from "financial-operations-api/fetch";

let signingFetch: SigningFetch = () => Promise.reject(new Error("useSigningFetch was not called"));
export const useSigningFetch = (fetch: SigningFetch): void => {
  signingFetch = fetch;
};

// As docs/signing-fetch.md shows it (the clients test checks that the two stay the same).
export const signedFetch = async <T>(url: string, init: RequestInit): Promise<T> => {
  const response = await signingFetch(url, init);
  const text = [204, 205, 304].includes(response.status) ? "" : await response.text();
  const data = text && /\bjson\b/.test(response.headers.get("Content-Type") ?? "") ? JSON.parse(text) : text;
  return { data, status: response.status, headers: response.headers } as T;
};
