// Types of scripts/is-main.mjs for the TypeScript callers (tests, benches).
export declare function isMain(moduleUrl: string, argv?: readonly string[]): boolean;
