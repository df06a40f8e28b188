// Preloaded into Prism (node --require): its stdin is a pipe from the process that started it (startMock), and when
// that pipe closes, because that process exited or was killed in any way (SIGKILL included), Prism exits too.
"use strict";
process.stdin.on("end", () => process.exit(0));
process.stdin.on("error", () => process.exit(0));
process.stdin.resume();
