import type http from "node:http";

/** A request that passed the front's checks (and, in production mode, its signature check). */
export interface AcceptedRequest {
  method: string;
  /** The path as read by readTarget: exactly as sent, and as signed, routed by Prism and by the stateful mode. */
  path: string;
  /** The query string without "?", in the form the WHATWG parser gives it (what Prism reads), or "". */
  query: string;
  /** The headers as Node reads them (names in lower case; a repeated one joined, or its first kept). */
  headers: http.IncomingHttpHeaders;
  /** Header names and values as received, in order. */
  rawHeaders: string[];
  body: Buffer;
  /** The verified access key; absent in sandbox mode and on bearer (portfolio) routes. */
  accessKey?: string;
}

/**
 * Answers an accepted request itself and returns true, or returns false to let the front pass it to Prism.
 * The place for a mode that keeps state between requests.
 */
export type RequestHandler = (request: AcceptedRequest, res: http.ServerResponse) => boolean | Promise<boolean>;
