// Types of scripts/postman.mjs for the TypeScript tests.
export declare const postmanDir: string;
export declare const collectionFile: string;
export declare function environmentFile(name: "sandbox" | "production"): string;
export declare const uploadFile: string;
export declare function convert(
  doc: unknown,
  options?: Record<string, unknown>,
  api?: "convertV2" | "convert",
): Promise<unknown>;
export declare function postmanFiles(doc: unknown): Promise<Record<string, unknown>>;
export declare function sampleBodies(doc: unknown): Map<string, { raw: string; note: string }>;
