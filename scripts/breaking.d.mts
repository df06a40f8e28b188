// Types of scripts/breaking.mjs for the TypeScript tests.
export type Level = "info" | "warning" | "error";
export type Bump = "none" | "patch" | "minor" | "major" | "backwards";
export interface Change {
  id: string;
  level: number;
  [key: string]: unknown;
}
export declare const baselineDir: string;
export declare const changelogFile: string;
export declare function parseVersion(version: string): [number, number, number] | undefined;
export declare function compareVersions(a: string, b: string): number;
export declare function latestBaseline(dir?: string): string;
export declare const LEVELS: Record<1 | 2 | 3, { name: Level; bump: "patch" | "minor" | "major"; heading: RegExp }>;
export declare function bumpOf(from: string, to: string): Bump;
export declare function changelogSection(changelog: string, version: string): string | undefined;
export declare function hasApiChangelogSection(description: string, version: string): boolean;
export declare function check(input: {
  changes: Change[];
  baseVersion: string;
  packageVersion: string;
  changelog: string;
  apiVersionBefore?: string;
  apiVersionAfter?: string;
  apiDescription?: string;
}): { ok: boolean; lines: string[] };
