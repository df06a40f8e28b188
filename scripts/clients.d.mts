// Types of scripts/clients.mjs for the TypeScript tests.
export declare const GENERATOR: { version: string; sha256: string };
export declare const KNOWN_WARNINGS: Array<[pattern: RegExp, reason: string]>;
export declare function parseArgs(args: string[]): { test: boolean; languages: Array<"python" | "go"> };
