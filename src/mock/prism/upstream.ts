import http from "node:http";
import { errorBody } from "../../server/envelope.ts";
import type { AcceptedRequest, Pass } from "../request/accepted.ts";
import { allowedMethods } from "./allowedMethods.ts";
import { HOP_BY_HOP } from "../../server/hopByHop.ts";

const UPSTREAM_TIMEOUT_MS = 30_000;

/**
 * Forwards accepted requests to a Prism over HTTP, byte for byte, over kept-alive connections, and streams
 * its answers back. The front's way to Prism when Prism runs in another process (tests, benchmarks).
 */
export function forwardTo(base: string): { pass: Pass; close(): void } {
  const upstream = new URL(base);
  // Keep-alive to Prism: one connection per concurrent request, reused, instead of a new one each time.
  const agent = new http.Agent({ keepAlive: true, scheduling: "lifo" });

  function forward(request: AcceptedRequest, _req: http.IncomingMessage, res: http.ServerResponse, retried = false) {
    const headers: string[] = [];
    for (let i = 0; i < request.rawHeaders.length; i += 2) {
      if (!HOP_BY_HOP.has(request.rawHeaders[i]!.toLowerCase()))
        headers.push(request.rawHeaders[i]!, request.rawHeaders[i + 1]!);
    }
    const url = request.query ? `${request.path}?${request.query}` : request.path;
    const up = http.request(
      { host: upstream.hostname, port: upstream.port, method: request.method, path: url, headers, agent },
      (answer) => {
        const back: string[] = [];
        for (let i = 0; i < answer.rawHeaders.length; i += 2) {
          if (!HOP_BY_HOP.has(answer.rawHeaders[i]!.toLowerCase()))
            back.push(answer.rawHeaders[i]!, answer.rawHeaders[i + 1]!);
        }
        // Prism's 405 lacks the Allow header RFC 9110 requires: the document's methods for the path.
        const allow = answer.statusCode === 405 && !answer.headers.allow ? allowedMethods(request.path) : undefined;
        if (allow) back.push("Allow", allow);
        res.writeHead(answer.statusCode ?? 502, answer.statusMessage, back);
        answer.pipe(res);
        answer.on("error", () => res.destroy());
      },
    );
    up.setTimeout(UPSTREAM_TIMEOUT_MS, () => up.destroy(new Error(`no answer within ${UPSTREAM_TIMEOUT_MS / 1000} s`)));
    up.on("error", (err: NodeJS.ErrnoException) => {
      if (res.headersSent) return res.destroy();
      // A kept-alive connection Prism closed just as it was reused: the request never reached Prism, send it again
      // once.
      if (up.reusedSocket && err.code === "ECONNRESET" && !retried) return forward(request, _req, res, true);
      const json = JSON.stringify(
        errorBody({
          status: 502,
          path: request.path,
          detail: `The mock's front could not reach Prism: ${err.message}`,
          now: new Date(),
        }),
      );
      res.writeHead(502, { "Content-Type": "application/json", "Content-Length": Buffer.byteLength(json) });
      res.end(json);
    });
    up.end(request.body.length > 0 ? request.body : undefined);
  }

  return { pass: (request, req, res) => forward(request, req, res), close: () => agent.destroy() };
}
