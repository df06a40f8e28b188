// Node (22.1 and later) keeps the code it compiles in a cache on disk and reuses it at the next start: most of the
// mock's start is compiling Prism's modules. Off where NODE_DISABLE_COMPILE_CACHE says so, and on a Node too old to
// have it (the mock refuses to run there, after it has said why).
import module from "node:module";

/** Turns Node's compile cache on for the modules loaded from now on (its default folder, under the system's temp). */
export function cacheCompiledCode(): void {
  (module as { enableCompileCache?: () => unknown }).enableCompileCache?.();
}
