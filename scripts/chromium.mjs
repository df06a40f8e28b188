// Debian's Chromium, as the tests, Lighthouse and the docs benchmark start it: where it is (CHROMIUM_PATH, else
// Debian's path) and the flags that turn off what this machine cannot or need not do (a sandbox, a GPU, background
// traffic, updates, sync, first-run pages). Each caller adds its own headless form.

export const chromiumPath = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

export const CHROMIUM_FLAGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
];
