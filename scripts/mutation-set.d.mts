// Types of scripts/mutation-set.mjs for the TypeScript tests and configurations.
export interface MutationGroup {
  name: string;
  folders: string[];
  files: string[];
  target: number;
  tests: string[];
}
export declare const groups: MutationGroup[];
export declare const outside: Record<string, string>;
export declare function globsOf(group: MutationGroup): string[];
export declare const mutate: string[];
export declare const mutationTests: string[];
export declare function inGroup(group: MutationGroup, file: string): boolean;
