// Types of scripts/mutation.mjs for the TypeScript tests.
export type Status = "Killed" | "Survived" | "NoCoverage" | "Timeout" | "Ignored" | "CompileError" | "RuntimeError";
export type Counts = Record<Status, number>;
export interface Group {
  name: string;
  files: string;
  target: number;
  test(file: string): boolean;
}
export interface Row {
  file: string;
  counts: Counts;
  score: number | null;
}
export interface GroupResult {
  name: string;
  files: string;
  target: number;
  run: boolean;
  counts: Counts;
  score: number | null;
}
export interface Report {
  files?: Record<string, { mutants: Array<{ status: string }> }>;
}
export declare const defaultReport: string;
export declare const groups: Group[];
export declare function countStatuses(mutants: Array<{ status: string }>): Counts;
export declare function score(counts: Counts): number | null;
export declare function fileRows(report: Report): Row[];
export declare function groupResults(rows: Row[], groupList?: Group[]): GroupResult[];
export declare function missed(results: GroupResult[]): GroupResult[];
export declare function formatResults(rows: Row[], results: GroupResult[]): string;
export declare function runStryker(
  args: string[],
  minutes: number,
): Promise<{ code: number | null; signal: string | null; timedOut: boolean; pid: number }>;
