// The end-to-end tier (`npm run e2e`, which .ci/run runs after `npm test`): the *.e2e.test.ts files, which start
// processes, fuzz the mock, run the guides' commands, install the packed packages in fresh projects or drive a
// browser. Everything else is vitest.config.ts's (the fast tier); both share its settings.
import { defineConfig } from "vitest/config";
import base from "./vitest.config.ts";

export default defineConfig({
  ...base,
  test: {
    ...base.test,
    include: ["test/**/*.e2e.test.ts"],
    exclude: ["test/mock-consumers/*/**", "**/node_modules/**"],
    // The shared Prism, then the npm tarballs every file installs, packed once before any file starts; after that
    // the checkout's artifacts are only read (test/helpers/e2eArtifacts.ts).
    globalSetup: [...[base.test?.globalSetup ?? []].flat(), "test/helpers/e2eArtifacts.ts"],
    // No type-check pass: the fast tier runs it.
    typecheck: { enabled: false },
  },
});
