import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

export default defineConfig({
  // The package's own name means its source here (samples import it); the packed build is tested in test/consumer.
  resolve: {
    alias: [
      { find: /^financial-operations-api$/, replacement: fileURLToPath(new URL("./src/index.ts", import.meta.url)) },
      {
        find: /^financial-operations-api\/signing$/,
        replacement: fileURLToPath(new URL("./src/signing/index.ts", import.meta.url)),
      },
    ],
  },
  test: {
    include: ["test/**/*.test.ts"],
    // The fast tier (`npm test`): the end-to-end files (*.e2e.test.ts: fuzzers, the guides, packed packages in fresh
    // projects, browsers, processes under signals) are vitest.e2e.config.ts's. The consumer projects run their own
    // tests in their own folders (test/mock-consumers/consumers.e2e.test.ts).
    exclude: ["**/*.e2e.test.ts", "test/mock-consumers/*/**", "**/node_modules/**"],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Servers started by tests are stopped in teardown; a worker is a process, so a crash in it cannot take the runner down.
    pool: "forks",
    // A worker runs its files one after another in one process, so the libraries most files load (Spectral,
    // Redocly, TypeScript) are imported once per worker, not once per file: vitest's import time fell from
    // 19 s to 5 s. A file that changes process-wide state (env, cwd, globals) restores it in afterAll, and
    // test/helpers/processState.ts fails a file that leaves the working directory or the environment changed.
    isolate: false,
    setupFiles: ["test/helpers/processState.ts"],
    // Both cores of the development and CI machines (vitest's default leaves one idle there).
    maxWorkers: 2,
    // The default reporter, and every 10 s the files still running (a long file is otherwise silent until it ends).
    reporters: ["default", "./test/helpers/stillRunningReporter.ts"],
    // One Prism for the whole run, shared by the files that mock against it.
    globalSetup: ["test/helpers/globalSetup.ts"],
    // No type check here: the *.test-d.ts files (expectTypeOf, @ts-expect-error) are part of the program that
    // `npm run lint` checks with tsc (tsconfig.json), where a failed type assertion is a type error. Vitest's type
    // check ran tsc over the same files a second time (37 s of the fast tier's CPU).
  },
});
