import { hash } from "node:crypto";
import type http from "node:http";

/** Prism 5.16's own body limit ("10mb", 10 MiB): a larger body never reaches an operation there either. */
export const MAX_BODY_BYTES = 10 * 1024 * 1024;

export type BodyRead =
  | { ok: true; body: Buffer; hash: string | undefined }
  | { ok: false; problem: "too-large" | "aborted" };

/**
 * Reads a request body up to `limit` bytes, with its SHA-256 when `hashed` (for a signature). A declared
 * Content-Length over the limit is refused before a byte is read; a body that grows past it stops being
 * kept at once, so a refused upload never costs more than `limit` bytes of memory.
 */
export function readBody(req: http.IncomingMessage, hashed: boolean, limit = MAX_BODY_BYTES): Promise<BodyRead> {
  const declared = Number(req.headers["content-length"]);
  if (declared > limit) return Promise.resolve({ ok: false, problem: "too-large" });
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const done = (result: BodyRead) => {
      req.off("data", onData).off("end", onEnd).off("error", onAbort).off("aborted", onAbort);
      resolve(result);
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) return done({ ok: false, problem: "too-large" });
      chunks.push(chunk);
    };
    const onEnd = () => {
      const body = Buffer.concat(chunks, size);
      // One-shot: cheaper per request than a streaming Hash object, and the body is kept whole anyway.
      done({ ok: true, body, hash: hashed ? hash("sha256", body) : undefined });
    };
    const onAbort = () => done({ ok: false, problem: "aborted" });
    req.on("data", onData).on("end", onEnd).on("error", onAbort).on("aborted", onAbort);
  });
}
