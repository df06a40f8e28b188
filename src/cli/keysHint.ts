// Where fo-sign's messages send a user for test keys: the mock package's `fo-mock keys` where fo-sign is installed,
// this repository's script where it runs from the source (the bin is built JavaScript; the source is TypeScript).
const fromSource = import.meta.url.endsWith(".ts");

/** The command that writes a test key pair and an env file of it (`.mock-keys.json`, `.mock-keys.env`). */
export function makeKeysCommand(inRepository = fromSource): string {
  return inRepository
    ? "bash scripts/dev.sh keys -- --out .mock-keys.json --env-out .mock-keys.env --force"
    : "npx fo-mock keys --out .mock-keys.json --env-out .mock-keys.env --force (the mock package: " +
        "npm install --save-dev financial-operations-api-mock)";
}
