// A vitest reporter beside the default one: the default prints a file only when it ends, and one file can run for a
// minute (Schemathesis, the guides' commands). Every 10 s this says which files are still running, as the lint and
// the test runner's other steps do (scripts/run.mjs stillRunning).
import path from "node:path";
import type { Reporter, TestModule } from "vitest/node";
import { stillRunning } from "../../scripts/run.mjs";

export default class StillRunningReporter implements Reporter {
  private readonly running = new Set<string>();
  private stop: (() => void) | undefined;

  onTestRunStart() {
    this.stop = stillRunning("vitest", this.running);
  }

  onTestModuleStart(module: TestModule) {
    this.running.add(path.relative(process.cwd(), module.moduleId));
  }

  onTestModuleEnd(module: TestModule) {
    this.running.delete(path.relative(process.cwd(), module.moduleId));
  }

  onTestRunEnd() {
    this.stop?.();
  }
}
