// Types of scripts/build.mjs for the TypeScript tests.
/** The bundled document, with the generated-file notice. */
export declare function bundle(): Promise<Record<string, unknown>>;
/** generated/types.ts's text for a bundled document. */
export declare function types(doc: unknown): Promise<string>;
/** Every generated file's text, by absolute path. */
export declare function render(): Promise<Record<string, string>>;
