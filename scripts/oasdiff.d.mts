// Types of scripts/oasdiff.mjs for the TypeScript tests.
import type { Change } from "./breaking.mjs";
export declare const OASDIFF: { module: string; version: string };
export declare const oasdiffPath: string;
export declare function ensureOasdiff(options?: { log?: (line: string) => void }): string;
export declare function oasdiffChanges(baseFile: string, revisionFile: string): Change[];
