import { readFileSync } from "node:fs";

/** The package's version: package.json sits two folders up from both src/cli/ and dist/cli/. */
export function version(): string {
  return (JSON.parse(readFileSync(new URL("../../package.json", import.meta.url), "utf8")) as { version: string })
    .version;
}
