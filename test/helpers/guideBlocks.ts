// The shell blocks of the README and the guides (docs/*.md), each with the marker on the line before it:
// `<!-- not-run: reason -->` (left out, for that reason), `<!-- runs-until-stopped: TEXT -->` (a server that prints
// TEXT once ready and runs until stopped) or `<!-- in-your-project: who runs it -->` (a command the reader types in
// their own project, outside the repository, with that project's tools: not run here, and not held to the
// repository's rule of `bash scripts/dev.sh`). Read by the test that runs every guide's commands and by the one that
// stops every server a guide starts.
import { readdirSync } from "node:fs";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "../..");

/** The README and every guide, as paths from the repository root. */
export const guides = [
  "README.md",
  ...readdirSync(path.join(root, "docs"))
    .filter((f) => f.endsWith(".md"))
    .sort()
    .map((f) => `docs/${f}`),
];

export type Block = {
  file: string;
  line: number;
  code: string;
  kind: "run" | "not-run" | "server" | "project";
  note: string;
};

/** The fenced shell blocks of a markdown file, each with the marker on the line before it, if any. */
export function shellBlocks(file: string, markdown: string): Block[] {
  const lines = markdown.split("\n");
  const blocks: Block[] = [];
  for (let i = 0; i < lines.length; i++) {
    if (!/^```(sh|bash|shell|console)\s*$/.test(lines[i]!)) {
      if (/^```/.test(lines[i]!)) while (++i < lines.length && !/^```\s*$/.test(lines[i]!));
      continue;
    }
    const end = lines.findIndex((l, j) => j > i && /^```\s*$/.test(l));
    const before =
      lines
        .slice(0, i)
        .reverse()
        .find((l) => l.trim() !== "") ?? "";
    const marker = /^<!--\s*(not-run|runs-until-stopped|in-your-project):\s*(.*?)\s*-->$/.exec(before.trim());
    const kinds = { "not-run": "not-run", "runs-until-stopped": "server", "in-your-project": "project" } as const;
    const kind = marker ? kinds[marker[1] as keyof typeof kinds] : "run";
    blocks.push({ file, line: i + 1, code: lines.slice(i + 1, end).join("\n"), kind, note: marker?.[2] ?? "" });
    i = end;
  }
  return blocks;
}
