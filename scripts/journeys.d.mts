// Types of scripts/journeys.mjs for the TypeScript tests.
export interface JourneyRow {
  id: string;
  expect: Record<string, string[]>;
}
export type ClientColumns = Record<string, { retries: boolean }>;
export declare const TABLE: string;
export declare const DRIVERS: Record<string, () => unknown>;
export declare function readOutcomes(output: string): Record<string, string[]>;
export declare function expected(journey: JourneyRow, client: string, clients: ClientColumns): string[];
export declare function journeyTable(
  table: { clients: ClientColumns; journeys: JourneyRow[] },
  columns: Record<string, Record<string, string[]>>,
  only?: string[],
): { table: string; failures: string[] };
