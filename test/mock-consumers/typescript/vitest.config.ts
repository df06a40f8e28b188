import { defineConfig } from "vitest/config";

export default defineConfig({
  // The mock starts once for the whole run and stops after the last file.
  test: { globalSetup: ["./mock-setup.ts"] },
});
