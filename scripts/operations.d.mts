// Types of scripts/operations.mjs for the TypeScript tests.
export declare function operationsOf(doc: unknown): { key: string; operationId: string; parameters: unknown[] }[];
export declare function operationsModule(doc: unknown, notice: string): string;
