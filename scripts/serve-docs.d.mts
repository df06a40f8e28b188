// Types of scripts/serve-docs.mjs for the TypeScript tests.
import type { Server } from "node:http";
export declare const defaultDocsPort: number;
export declare function parseDocsPort(argv?: string[], env?: Record<string, string | undefined>): number;
export declare function acceptedCodings(header?: string): Array<"br" | "gzip">;
export declare function serveDocs(options?: { dir?: string; port?: number; host?: string }): Promise<Server>;
