/** Thrown when HMAC signing is attempted in a browser page: the reference allows it on servers only. */
export class ServerSideOnlyError extends Error {
  override readonly name = "ServerSideOnlyError";
}

/**
 * Refuses to sign in a browser page, where the secret key would be exposed to every visitor.
 * @throws ServerSideOnlyError when a page (`window` with a `document`) is present.
 */
export function assertServerSide(): void {
  if (typeof (globalThis as { window?: { document?: unknown } }).window?.document === "object") {
    throw new ServerSideOnlyError("HMAC signing runs on a server only: a browser page would expose the secret key");
  }
}
