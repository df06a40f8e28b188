// What the drift report finds, and how findings are counted: one finding per operation, kind, place and observation,
// with how many exchanges showed it, never one per exchange.

export const SEVERITIES = ["error", "warning", "info"] as const;
export type Severity = (typeof SEVERITIES)[number];

/** Redocly's own rules, then the project's. */
export type Kind =
  | "schema-consistency"
  | "security-baseline"
  | "undocumented-endpoint"
  | "undocumented-status"
  | "unnamed-property"
  | "gap";

export interface Finding {
  severity: Severity;
  kind: Kind | (string & {});
  /** Who found it: Redocly CLI's `redocly drift`, or this report's own reading of the document. */
  source: "redocly drift" | "fo-mock drift";
  /** The operationId, or the method and the path's shape when no operation matched. */
  operation: string;
  /** The request, or the answer to it. */
  in: "request" | "answer";
  /** Where in it: `status`, `header NAME`, `query NAME`, `path NAME`, or `body POINTER` (`*` for any item). */
  at: string;
  /** What was found, with no value but short codes and statuses. */
  message: string;
  /** For what the report reads itself: each thing shown at the place, with how many exchanges showed it. */
  shown?: { what: string; exchanges: number }[];
  /** How many exchanges showed it (for Redocly's findings, how often it reported it). */
  exchanges: number;
  /** The place in the bundled document to edit: a JSON pointer. */
  document?: string;
  /** The `x-not-shown` text of the gap the traffic reached there. */
  gap?: string;
}

/** Whether `severity` is at or above `threshold` (`never`: nothing is). */
export const atOrAbove = (severity: Severity, threshold: Severity | "never") =>
  threshold !== "never" && SEVERITIES.indexOf(severity) <= SEVERITIES.indexOf(threshold);

/** How many things shown a message names; the rest are counted. */
const NAMED = 6;

/** The things shown at one place, most often shown first: `value "A" (3 exchanges), value "B" (1)`. */
function summary(shown: Map<string, Set<number>>): string {
  const sorted = [...shown].sort((a, b) => b[1].size - a[1].size || a[0].localeCompare(b[0]));
  const named = sorted
    .slice(0, NAMED)
    .map(([what, seen], i) =>
      sorted.length === 1 ? what : `${what} (${seen.size}${i === 0 ? ` exchange${seen.size === 1 ? "" : "s"}` : ""})`,
    );
  return `${named.join(", ")}${sorted.length > NAMED ? `, and ${sorted.length - NAMED} more` : ""}`;
}

type Entry = { finding: Finding; seen: Set<number>; shown?: Map<string, Set<number>> };

/**
 * Collects findings, merging each repeat of one into its count: Redocly's by kind, operation, place and message; the
 * report's own by kind, operation and place, with what each exchange showed there.
 */
export function createFindings() {
  const found = new Map<string, Entry>();
  return {
    /**
     * Adds one exchange's finding (`exchange`: its index) or `count` reports of one (Redocly's grouped findings). With
     * `shown`, the finding is the place, and `shown` what this exchange showed there (the message leads it).
     */
    add(finding: Omit<Finding, "exchanges" | "shown">, exchange: number | { count: number }, shown?: string) {
      const key = JSON.stringify([
        finding.kind,
        finding.operation,
        finding.in,
        finding.at,
        shown === undefined ? finding.message : "",
      ]);
      let entry = found.get(key);
      if (!entry) {
        entry = {
          finding: { ...finding, exchanges: 0 },
          seen: new Set(),
          ...(shown === undefined ? {} : { shown: new Map() }),
        };
        found.set(key, entry);
      }
      if (typeof exchange !== "number") {
        entry.finding.exchanges += exchange.count;
        return;
      }
      entry.seen.add(exchange);
      entry.finding.exchanges = entry.seen.size;
      if (shown !== undefined && entry.shown) {
        const seen = entry.shown.get(shown) ?? new Set();
        seen.add(exchange);
        entry.shown.set(shown, seen);
      }
    },
    /** Every finding, by severity, then operation, kind and place. */
    list(): Finding[] {
      return [...found.values()]
        .map(({ finding, shown }) =>
          shown
            ? {
                ...finding,
                message: `${finding.message}${summary(shown)}`,
                shown: [...shown].map(([what, seen]) => ({ what, exchanges: seen.size })),
              }
            : finding,
        )
        .sort(
          (a, b) =>
            SEVERITIES.indexOf(a.severity) - SEVERITIES.indexOf(b.severity) ||
            a.operation.localeCompare(b.operation) ||
            a.kind.localeCompare(b.kind) ||
            a.in.localeCompare(b.in) ||
            a.at.localeCompare(b.at) ||
            a.message.localeCompare(b.message),
        );
    },
  };
}

export type Findings = ReturnType<typeof createFindings>;
