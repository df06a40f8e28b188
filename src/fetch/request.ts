import { checkMethod } from "../client/validate.ts";
import { RefusedRequestError } from "../errors/RefusedRequestError.ts";
import { bodyBytes } from "./body.ts";
import { type Base, targetOf } from "./target.ts";

/** A request as it will go on the wire: the parsed URL, the method, headers and the exact body bytes. */
export interface OutgoingRequest {
  url: URL;
  method: string;
  headers: Headers;
  bytes: Uint8Array | undefined;
  signal: AbortSignal | undefined;
}

/**
 * Reads fetch's arguments as fetch does (a URL string, a URL or a Request; each `init` member replaces the
 * Request's), checking everything before a byte is sent. The method is upper-cased: this API's methods all are,
 * and `fetch` itself leaves `patch` in lower case.
 * @throws RefusedRequestError, InvalidUploadError or TypeError (a method that is not an HTTP token).
 */
export async function readRequest(
  input: string | URL | Request,
  init: RequestInit | undefined,
  base: Base,
): Promise<OutgoingRequest> {
  const request = input instanceof Request ? input : undefined;
  const method = checkMethod(init?.method ?? request?.method ?? "GET");
  const url = targetOf(request ? request.url : (input as string | URL), base, method);
  let headers: Headers;
  try {
    headers = new Headers(init?.headers ?? request?.headers);
  } catch {
    // fetch's own message quotes the value, which may be a token.
    throw new RefusedRequestError(
      "invalid-header",
      method,
      url.origin,
      "not sent: a header name or value is empty, has a line break or a non-Latin-1 character; remove it",
    );
  }
  const signal = init?.signal ?? request?.signal ?? undefined;
  signal?.throwIfAborted();
  let body: unknown = init?.body;
  if (body === undefined && request?.body) {
    if (request.bodyUsed)
      throw new RefusedRequestError(
        "body-used",
        method,
        url.origin,
        "not sent: the Request's body was already read; build the request again",
      );
    body = new Uint8Array(await request.arrayBuffer());
  }
  if (body != null && (method === "GET" || method === "HEAD"))
    throw new RefusedRequestError(
      "body-not-allowed",
      method,
      url.origin,
      `not sent: a ${method} request cannot have a body; leave it out`,
    );
  return { url, method, headers, bytes: await bodyBytes(body, headers), signal };
}
