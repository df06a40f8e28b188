import { readFileSync } from "node:fs";
import { files } from "../files.ts";

const METHODS = ["get", "put", "post", "delete", "patch", "head", "options", "trace"];

let routes: Array<{ pattern: RegExp; methods: string }> | undefined;

/**
 * The methods the served document gives a path, as an `Allow` value (`GET, POST`), or undefined for a path
 * it does not have. Prism answers a wrong method with 405 but no `Allow`, which RFC 9110 requires.
 */
export function allowedMethods(requestPath: string): string | undefined {
  routes ??= Object.entries<Record<string, unknown>>(JSON.parse(readFileSync(files.document, "utf8")).paths ?? {}).map(
    ([template, item]) => ({
      pattern: new RegExp(`^${template.replace(/[.*+?^$()|[\]\\]/g, "\\$&").replace(/\\?\{[^}]+\\?\}/g, "[^/]+")}$`),
      methods: METHODS.filter((m) => item[m])
        .map((m) => m.toUpperCase())
        .join(", "),
    }),
  );
  return routes.find((r) => r.pattern.test(requestPath))?.methods;
}
