// The docs server as a browser and a cache meet it: for any Accept-Encoding a client sends, the body it gets
// decodes (per Content-Encoding) to exactly the built file, and a request carrying the validators it was
// given is answered 304 with no body.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { compressed } from "../../scripts/docs-page.mjs";
import { acceptedCodings, serveDocs } from "../../scripts/serve-docs.mjs";

let dir: string;
let server: Server;
let base: string;
const page = Buffer.from(`<!DOCTYPE html><title>t</title>${"<p>Quote, hedge, RFI case.</p>".repeat(2000)}`);

beforeAll(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), "serve-docs-"));
  const { gz, br } = compressed(page);
  writeFileSync(path.join(dir, "index.html"), page);
  writeFileSync(path.join(dir, "index.html.gz"), gz);
  writeFileSync(path.join(dir, "index.html.br"), br);
  writeFileSync(path.join(dir, "robots.txt"), "User-agent: *\nAllow: /\n");
  server = await serveDocs({ dir, port: 0 });
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => server?.close(resolve));
  if (dir) rmSync(dir, { recursive: true, force: true });
});

const decode = (body: Buffer, coding: string | null) =>
  coding === "br" ? brotliDecompressSync(body) : coding === "gzip" ? gunzipSync(body) : body;

const codingName = fc.constantFrom("br", "gzip", "deflate", "identity", "*", "compress", "zstd", "BR", "GZip");
const acceptEncoding = fc
  .array(fc.tuple(codingName, fc.option(fc.constantFrom("0", "0.5", "1", "0.001", "1.0"), { nil: undefined })), {
    maxLength: 5,
  })
  .map((parts) => parts.map(([name, q]) => (q === undefined ? name : `${name};q=${q}`)).join(", "));

describe("the docs server", () => {
  test("any Accept-Encoding gets the exact bytes", async () => {
    await fc.assert(
      fc.asyncProperty(acceptEncoding, async (accept) => {
        const res = await fetch(`${base}/`, { headers: { "Accept-Encoding": accept } });
        const coding = res.headers.get("content-encoding");
        expect(res.status).toBe(200);
        expect(res.headers.get("vary")).toBe("Accept-Encoding");
        if (coding) expect(acceptedCodings(accept)).toContain(coding);
        // fetch decodes br and gzip itself; the raw length says what was on the wire.
        expect(Buffer.from(await res.arrayBuffer()).equals(page)).toBe(true);
      }),
      { seed: 21, numRuns: 40 },
    );
  }, 120_000);

  test("sends brotli when accepted, far smaller", async () => {
    const res = await fetch(`${base}/`, { headers: { "Accept-Encoding": "gzip, br" } });
    expect(res.headers.get("content-encoding")).toBe("br");
    expect(Number(res.headers.get("content-length"))).toBeLessThan(page.length / 10);
    await res.arrayBuffer();
  });

  test("identity only gets the file as it is", async () => {
    const res = await fetch(`${base}/`, { headers: { "Accept-Encoding": "br;q=0, gzip;q=0" } });
    expect(res.headers.get("content-encoding")).toBeNull();
    expect(Number(res.headers.get("content-length"))).toBe(page.length);
    expect(decode(Buffer.from(await res.arrayBuffer()), null).equals(page)).toBe(true);
  });

  test.each(["br", "gzip", "identity"])("the %s ETag revalidates with 304", async (accept) => {
    const first = await fetch(`${base}/`, { headers: { "Accept-Encoding": accept } });
    await first.arrayBuffer();
    const etag = first.headers.get("etag")!;
    expect(etag).toMatch(/^"[\w-]+"$/);
    const again = await fetch(`${base}/`, { headers: { "Accept-Encoding": accept, "If-None-Match": etag } });
    expect(again.status).toBe(304);
    expect((await again.arrayBuffer()).byteLength).toBe(0);
    const other = await fetch(`${base}/`, {
      headers: { "Accept-Encoding": accept, "If-None-Match": '"something-else"' },
    });
    expect(other.status).toBe(200);
    await other.arrayBuffer();
  });

  test("each coding has its own ETag", async () => {
    const tags = new Set<string>();
    for (const accept of ["br", "gzip", "identity"]) {
      const res = await fetch(`${base}/`, { headers: { "Accept-Encoding": accept } });
      await res.arrayBuffer();
      tags.add(res.headers.get("etag")!);
    }
    expect(tags.size).toBe(3);
  });

  test("Last-Modified revalidates without an ETag", async () => {
    const first = await fetch(`${base}/robots.txt`);
    await first.arrayBuffer();
    const since = first.headers.get("last-modified")!;
    expect(new Date(since).getTime()).not.toBeNaN();
    const again = await fetch(`${base}/robots.txt`, { headers: { "If-Modified-Since": since } });
    expect(again.status).toBe(304);
    const older = await fetch(`${base}/robots.txt`, { headers: { "If-Modified-Since": new Date(0).toUTCString() } });
    expect(older.status).toBe(200);
    expect(await older.text()).toContain("User-agent");
  });
});
