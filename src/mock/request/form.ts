import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { files } from "../files.ts";

type MultipartParser = { parse(body: Buffer, boundary: string): Array<{ name: string }> };

// The very parser Prism runs on multipart bodies, resolved from Prism's own package: whatever throws in it
// here would throw, uncaught, inside Prism and end the mock.
let parser: MultipartParser | undefined;
const multipart = () =>
  (parser ??= createRequire(createRequire(import.meta.url).resolve("@stoplight/prism-http/package.json"))(
    "parse-multipart-data",
  ) as MultipartParser);

/** Path templates of the served document whose operations take a multipart body (Prism parses multipart only there). */
let multipartRoutes: RegExp[] | undefined;
function declaresMultipart(requestPath: string): boolean {
  multipartRoutes ??= (() => {
    // Stryker disable next-line StringLiteral: equivalent; without an encoding JSON.parse reads the bytes as UTF-8
    const doc = JSON.parse(readFileSync(files.document, "utf8"));
    const routes: RegExp[] = [];
    for (const [template, item] of Object.entries<
      Record<string, { requestBody?: { content?: object; $ref?: string } }>
    >(doc.paths ?? {})) {
      // Stryker disable next-line OptionalChaining: equivalent on the served document (no null member in a path item)
      const bodies = Object.values(item).map((op) => op?.requestBody);
      if (bodies.some((b) => b?.content && "multipart/form-data" in b.content)) {
        routes.push(
          // Stryker disable next-line StringLiteral: equivalent on the served document
          // (no regex character in a template)
          new RegExp(`^${template.replace(/[.*+?^$()|[\]\\]/g, "\\$&").replace(/\\?\{[^}]+\\?\}/g, "[^/]+")}$`),
        );
      }
    }
    return routes;
  })();
  // Stryker disable next-line MethodExpression: equivalent on the served document (one operation takes multipart)
  return multipartRoutes.some((r) => r.test(requestPath));
}

const isType = (type: string | undefined, name: string) =>
  !!type && type.split(";", 1)[0]!.trim().toLowerCase() === name;

/** The boundary as Prism reads it from Content-Type. */
function boundaryOf(type: string): string {
  const item = type
    .split(";")
    .map((s) => s.trim())
    .find((s) => s.includes("boundary"));
  return item
    ? String(item.split("=")[1])
        .trim()
        .replace(/^["']|["']$/g, "")
    : // Stryker disable next-line StringLiteral: equivalent unless a body's boundary is that text
      "";
}

function decodes(text: string): boolean {
  try {
    decodeURIComponent(text);
    return true;
  } catch {
    return false;
  }
}

/**
 * Whether a form body (multipart or URL-encoded) would crash Prism 5.16, which percent-decodes every field
 * name and parses multipart headers without guarding either: a part without a name, an unquoted file name,
 * a file part without Content-Type or a malformed escape in a name ends its process (an uncaught throw).
 */
export function crashesPrism(type: string | undefined, body: Buffer, requestPath: string): boolean {
  const isMultipart = isType(type, "multipart/form-data");
  if (!isMultipart && !isType(type, "application/x-www-form-urlencoded")) return false;
  const text = body.toString("utf8");
  if (!isMultipart || !declaresMultipart(requestPath)) {
    // Otherwise Prism splits the body on & and = as a URL-encoded form, whatever was sent, and decodes the names.
    return !text.split("&").every((pair) => decodes(pair.split("=")[0]!));
  }
  const boundary = boundaryOf(type!);
  if (!boundary) return false;
  try {
    return !multipart()
      .parse(Buffer.from(text, "utf8"), boundary)
      .every((part) => decodes(part.name));
  } catch {
    return true;
  }
}
