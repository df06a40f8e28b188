// Debian's Chromium for the tests that need a real browser, driven by playwright-core (which downloads none): headless,
// with the background traffic this machine cannot send turned off. A missing Chromium fails with what to install.
import { existsSync } from "node:fs";
import { type Browser, chromium, type LaunchOptions } from "playwright-core";
import { CHROMIUM_FLAGS, chromiumPath } from "../../scripts/chromium.mjs";

export { chromiumPath };

// Playwright's own headless form; QUIC off, so every request goes over the TCP the tests watch.
export const CHROMIUM_ARGS = ["--headless", ...CHROMIUM_FLAGS, "--disable-quic"];

/** Throws, naming what to install, when Debian's Chromium is not there. */
export function assertChromium(): void {
  if (!existsSync(chromiumPath))
    throw new Error(
      `Chromium not found at ${chromiumPath}. Install Debian's package: apt-get update && apt-get install -y ` +
        `chromium (.ci/run does this), or set CHROMIUM_PATH.`,
    );
}

export function launchChromium(options: LaunchOptions = {}): Promise<Browser> {
  assertChromium();
  return chromium.launch({ executablePath: chromiumPath, headless: true, args: CHROMIUM_ARGS, ...options });
}
