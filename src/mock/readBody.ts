import { createHash } from "node:crypto";
import type http from "node:http";

/** Prism 5.16's own body limit ("10mb", 10 MiB): a larger body never reaches an operation there either. */
export const MAX_BODY_BYTES = 10 * 1024 * 1024;

export type BodyRead = { ok: true; body: Buffer; hash: string } | { ok: false; problem: "too-large" | "aborted" };

/**
 * Reads a request body up to `limit` bytes, hashing as it arrives (SHA-256, for the signature). A declared
 * Content-Length over the limit is refused before a byte is read; a body that grows past it stops being
 * kept at once, so a refused upload never costs more than `limit` bytes of memory.
 */
export function readBody(req: http.IncomingMessage, limit = MAX_BODY_BYTES): Promise<BodyRead> {
  const declared = Number(req.headers["content-length"]);
  if (declared > limit) return Promise.resolve({ ok: false, problem: "too-large" });
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    const hash = createHash("sha256");
    let size = 0;
    const done = (result: BodyRead) => {
      req.off("data", onData).off("end", onEnd).off("error", onAbort).off("aborted", onAbort);
      resolve(result);
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) return done({ ok: false, problem: "too-large" });
      chunks.push(chunk);
      hash.update(chunk);
    };
    const onEnd = () => done({ ok: true, body: Buffer.concat(chunks, size), hash: hash.digest("hex") });
    const onAbort = () => done({ ok: false, problem: "aborted" });
    req.on("data", onData).on("end", onEnd).on("error", onAbort).on("aborted", onAbort);
  });
}
