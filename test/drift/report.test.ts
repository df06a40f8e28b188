// The report's own words (src/mock/drift/report.ts): counts read as English, one or many.
import { describe, expect, test } from "vitest";
import { type Report, reportMarkdown } from "../../src/mock/drift/report.ts";

const report = (skipped: number, errors: number): Report => ({
  recording: "traffic.har",
  document: { title: "Financial Operations API", version: "1.0.13" },
  redocly: "Redocly CLI 2.77.0",
  exchanges: { total: 3, matched: 2, skipped },
  counts: { error: errors, warning: 0, info: 0 },
  findings: [],
});

describe("counts in the report's first lines", () => {
  test.each([
    [1, "(1 entry without an answer left out)"],
    [2, "(2 entries without an answer left out)"],
  ])("%i skipped: %s", (skipped, words) => {
    expect(reportMarkdown(report(skipped, 0))).toContain(words);
  });

  test("nothing skipped says nothing of it; one error is one error", () => {
    const markdown = reportMarkdown(report(0, 1));
    expect(markdown).not.toContain("left out");
    expect(markdown).toContain("Findings: 1 error, 0 warnings, 0 information.");
  });
});
