// Types of scripts/generators/registry.mjs for the TypeScript tests.
export interface Generator {
  id: string;
  name: string;
  language: "TypeScript" | "Python" | "Go" | "Java" | "Rust";
  version(): string;
}
export declare const GENERATORS: Generator[];
