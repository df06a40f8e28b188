// How a server started by another program (a test suite, a helper in another language, a script) stays no longer than
// its starter, however that one ends (SIGKILL included): it holds the read end of a pipe the starter keeps open as its
// standard input, and stops when the pipe closes (the kernel closes it when the starter's process ends), as esbuild's
// service and Testcontainers' reaper do. Behind `npx` the pipe passes through npm and its shell as they are, so the tie
// holds there too. Besides, a server whose parent process ends (npm's shell, when npm was stopped by a signal) stops,
// since no one is left to stop it.

export interface Tie {
  /** Stop when standard input reaches its end or fails: the starter holds the other end of that pipe. */
  stdin: boolean;
  /** Stop when the parent process ends (this process is then handed to another parent). */
  parent: boolean;
}

/** How often the parent is looked at. */
const PARENT_CHECK_MS = 500;

/**
 * Calls `stop` (once) with the reason when the tie breaks. Returns a function that undoes the tie, for a server that
 * stops for another reason first.
 */
export function tieToStarter(stop: (why: string) => void, tie: Tie): () => void {
  let done = false;
  const once = (why: string) => {
    if (done) return;
    done = true;
    undo();
    stop(why);
  };
  const onEnd = () => once("its standard input closed (the program that started it ended)");
  const undos: Array<() => void> = [];
  if (tie.stdin) {
    process.stdin.on("end", onEnd).on("close", onEnd).on("error", onEnd);
    // Read and drop whatever comes: only the end matters.
    process.stdin.resume();
    undos.push(() => {
      process.stdin.off("end", onEnd).off("close", onEnd).off("error", onEnd);
      process.stdin.pause();
    });
  }
  if (tie.parent) {
    const parent = process.ppid;
    const timer = setInterval(() => {
      if (process.ppid !== parent) once("its parent process ended");
    }, PARENT_CHECK_MS).unref();
    undos.push(() => clearInterval(timer));
  }
  function undo() {
    for (const u of undos.splice(0)) u();
  }
  return undo;
}
