// Types of scripts/generators.mjs for the TypeScript tests.
/** The matrix's columns, in order. */
export declare const CHECKS: readonly string[];
