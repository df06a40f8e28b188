// Preloaded into Prism (node --require): its stdin is a pipe from the mock script, and when that pipe
// closes, because the script exited or was killed in any way (SIGKILL included), Prism exits too.
"use strict";
process.stdin.on("end", () => process.exit(0));
process.stdin.on("error", () => process.exit(0));
process.stdin.resume();
