// The mock's own pages, outside the API's paths: `GET /`, what a person's first request is (what this is, how it
// authenticates, where its document and guides are), and `GET /openapi.json`, the document it serves.
import { readFileSync } from "node:fs";
import type http from "node:http";

export interface Home {
  /** What `GET /` says of this mock (its modes, where the control API is). */
  about: Record<string, unknown>;
  /** The bundled document's file, served at `GET /openapi.json`. */
  document: string;
}

/** Answers `GET`/`HEAD` of `/` and `/openapi.json`; true when it answered. */
export function serveHome(req: http.IncomingMessage, res: http.ServerResponse, path: string, home: Home): boolean {
  if ((req.method !== "GET" && req.method !== "HEAD") || (path !== "/" && path !== "/openapi.json")) return false;
  const body =
    path === "/"
      ? `${JSON.stringify(
          {
            ...home.about,
            document: "/openapi.json (the OpenAPI document this mock serves)",
            guides:
              "docs/testing-with-the-mock.md, docs/mock.md and docs/stateful-mock.md of the project; " +
              "`fo-mock --help` lists the options",
          },
          null,
          2,
        )}\n`
      : readFileSync(home.document);
  res.writeHead(200, { "Content-Type": "application/json", "Content-Length": Buffer.byteLength(body) });
  res.end(req.method === "HEAD" ? undefined : body);
  return true;
}
