// Types of scripts/args.mjs for the TypeScript callers (src/cli, tests).
import type { ParseArgsConfig } from "node:util";

export declare class UsageError extends Error {}
export declare function quote(text: string): string;

export interface Command {
  name: string;
  usage: string;
  options?: NonNullable<ParseArgsConfig["options"]>;
  positionals?: { min?: number; max?: number; names?: string; choices?: string[] };
}

export declare function parseCommandLine(
  command: Command,
  argv: string[],
): { values: Record<string, string | boolean | string[] | boolean[] | undefined>; positionals: string[] };
export declare function parseOrExit(
  command: Command,
  argv: string[],
  info: { version: string },
): ReturnType<typeof parseCommandLine>;
export declare function refuse(command: Command, problem: string): never;
export declare function usageText(command: Command): string;
export declare function canonicalArgs(
  values: Record<string, unknown>,
  options: NonNullable<Command["options"]>,
): string[];
export declare function parsePortValue(raw: string, how: string): number;
export declare function portInUseMessage(what: string, port: number, how: string): string;
export declare function listening(
  port: number,
  opts?: { gaveUp?: Promise<unknown>; timeoutMs?: number },
): Promise<boolean>;
export declare function assertPortFree(port: number, opts: { what: string; how: string; host?: string }): Promise<void>;
