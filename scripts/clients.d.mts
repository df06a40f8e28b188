// Types of scripts/clients.mjs for the TypeScript tests.
export declare const GENERATOR: { version: string; sha256: string };
export declare const KNOWN_WARNINGS: Array<[pattern: RegExp, reason: string]>;
export declare const STATICCHECK: string;
export declare const MYPY: string;
export declare function pinnedPython(name: string, text?: string): string;
export declare const EXPECTED_CHECKS: Record<string, RegExp>;
export declare function parseArgs(args: string[]): { test: boolean; build: boolean; languages: Array<"python" | "go"> };
export declare function pythons(): Array<{ version: string; python: string }>;
export declare function readResults(output: string): Record<string, string>;
export declare function resultTable(
  columns: Record<string, Record<string, string>>,
  operations: string[],
): { table: string; failures: string[] };
