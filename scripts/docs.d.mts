// Types of scripts/docs.mjs for the TypeScript tests.
export declare const defaultOutDir: string;
export declare function appendToSection(markdown: string, heading: string, text: string): string;
export declare function authenticationMarkdown(doc: unknown): string;
export declare function unknowns(doc: unknown): Array<[where: string, note: string]>;
export declare function unknownsMarkdown(doc: unknown): string;
export declare function docsDocument<T>(doc: T): T;
export declare function pageDescription(doc: unknown): string;
export declare function buildDocs(options?: { outDir?: string; document?: unknown }): Promise<{
  file: string;
  standalone: string;
  bytes: number;
  scriptBytes: number;
  brotliBytes: number;
  ms: number;
}>;
export declare function insertSectionAfter(markdown: string, after: string, heading: string, text: string): string;
export declare const codeSamplesMarkdown: string;
