// Types of scripts/keys.mjs for the TypeScript tests.
export declare function newKeyPair(accessKey?: string): { accessKey: string; secretKey: string };
export declare function writePrivate(file: string, text: string, force?: boolean): void;
