import { createHash } from "node:crypto";
import type http from "node:http";

export type UploadRead = { ok: true; body: Buffer; hash: string } | { ok: false; problem: "too-large" | "aborted" };

/**
 * Reads a request body up to `limit` bytes, hashing it (SHA-256) as it streams in: the signature needs the hash
 * before the upstream request's headers go. A declared Content-Length over the limit is refused before a byte is
 * read; a body that grows past it stops being kept at once, so a refused upload never costs more than `limit` bytes.
 */
export function readUpload(req: http.IncomingMessage, limit: number): Promise<UploadRead> {
  const declared = Number(req.headers["content-length"]);
  if (declared > limit) return Promise.resolve({ ok: false, problem: "too-large" });
  return new Promise((resolve) => {
    const hash = createHash("sha256");
    const chunks: Buffer[] = [];
    let size = 0;
    const done = (result: UploadRead) => {
      req.off("data", onData).off("end", onEnd).off("error", onAbort).off("aborted", onAbort);
      resolve(result);
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) return done({ ok: false, problem: "too-large" });
      hash.update(chunk);
      chunks.push(chunk);
    };
    const onEnd = () => done({ ok: true, body: Buffer.concat(chunks, size), hash: hash.digest("hex") });
    const onAbort = () => done({ ok: false, problem: "aborted" });
    req.on("data", onData).on("end", onEnd).on("error", onAbort).on("aborted", onAbort);
  });
}
