// A request the front accepted, as Prism's library takes it (@stoplight/prism-http's IHttpRequest), built the way
// Prism's own server builds it: the method in lower case, the path, the query's values by name (an array for a repeated
// name), the headers as Node reads them, and the body parsed as JSON for JSON types, as text otherwise, null for none
// (the front's own reading of the body: one reader, so what it checked is what Prism gets).
import type { IncomingHttpHeaders } from "node:http";
import type { AcceptedRequest } from "../request/accepted.ts";
import { isJson, jsonOf } from "../request/json.ts";
import { HOP_BY_HOP } from "../../server/hopByHop.ts";

export interface PrismInput {
  method: string;
  url: { path: string; baseUrl?: string; query: Record<string, string | string[]> };
  headers: Record<string, string>;
  body: unknown;
}

/** The query's values by name, as Prism's server reads them: one value, or all of a repeated name in order. */
export function queryValues(query: string): Record<string, string | string[]> {
  const params = new URLSearchParams(query);
  const values: Record<string, string | string[]> = {};
  for (const name of new Set(params.keys())) {
    const all = params.getAll(name);
    values[name] = all.length === 1 ? all[0]! : all;
  }
  return values;
}

/**
 * The body as Prism takes it: null when there is none (no bytes came, whatever the headers said), the value of a JSON
 * body as the front checked it (request/json.ts: it refused one that does not parse), text otherwise.
 */
function bodyOf(headers: IncomingHttpHeaders, body: Buffer): unknown {
  if (body.length === 0) return null;
  const type = headers["content-type"];
  if (isJson(type)) {
    const json = jsonOf(body);
    if (json) return json.value;
  }
  return decode(body, type);
}

function decode(body: Buffer, type: string | undefined): string {
  const charset = /;\s*charset\s*=\s*"?([^";\s]+)/i.exec(type ?? "")?.[1];
  if (!charset || /^utf-?8$/i.test(charset)) return body.toString("utf8");
  try {
    return new TextDecoder(charset).decode(body);
  } catch {
    return body.toString("utf8");
  }
}

/** The headers without those of the client's connection, which is the front's to manage. */
function endToEnd(headers: IncomingHttpHeaders): Record<string, string> {
  let copy: IncomingHttpHeaders | undefined;
  for (const name of HOP_BY_HOP) {
    if (headers[name] === undefined) continue;
    copy ??= { ...headers };
    delete copy[name];
  }
  return (copy ?? headers) as Record<string, string>;
}

export function prismInput(request: AcceptedRequest): PrismInput {
  const query = queryValues(request.query);
  // Prism's server takes `__server` as the base URL to match the document's servers against.
  const server = [query.__server ?? []].flat()[0];
  return {
    method: request.method.toLowerCase(),
    url: { path: request.path, ...(server ? { baseUrl: server } : {}), query },
    headers: endToEnd(request.headers),
    body: bodyOf(request.headers, request.body),
  };
}
