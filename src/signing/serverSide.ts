import { ServerSideOnlyError } from "../errors/ServerSideOnlyError.ts";

export { ServerSideOnlyError };

/**
 * Refuses to sign in a browser page, where the secret key would be exposed to every visitor.
 * @throws ServerSideOnlyError when a page (`window` with a `document`) is present.
 */
export function assertServerSide(): void {
  if (typeof (globalThis as { window?: { document?: unknown } }).window?.document === "object") {
    throw new ServerSideOnlyError("HMAC signing runs on a server only: a browser page would expose the secret key");
  }
}
