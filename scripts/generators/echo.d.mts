// Types of scripts/generators/echo.mjs for the TypeScript tests.
import type { IncomingHttpHeaders } from "node:http";

export interface Recorded {
  method: string;
  url: URL;
  headers: IncomingHttpHeaders;
  body: Buffer;
}
export declare function answer(scenario: unknown, method: string, pathname: string): { status: number; body: unknown };
export declare function startEcho(
  scenario: unknown,
): Promise<{ url: string; requests: Recorded[]; close(): Promise<void> }>;
