// Types of scripts/deps-current.mjs for the TypeScript tests.
export declare function firstDifference(pkg: object, lock: object, installed: object | undefined): string | null;
