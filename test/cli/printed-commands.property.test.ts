// Issue 23: `fo-sign --curl` printed METHOD unquoted (a hostile method ran code when the command was pasted) and put
// a file name with `"` or a line feed raw into Content-Disposition. The class: a printed command is a program for a
// shell, so every word must reach curl as exactly one argument. Property: for generated hostile methods, paths,
// file names, header values and bodies, the printed command, run by bash with a stub curl, gives curl exactly the
// arguments that `--json` (the same request, as data) describes, and runs nothing else; or fo-sign refuses the
// input, which it must for a method that is not an RFC 9110 token and for any control character.
import { execFileSync, spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import fc from "fast-check";
import { afterAll, describe, expect, test } from "vitest";
import { contentDisposition, run } from "../../src/cli/sign.ts";
import { pathProblem } from "../../src/signing/canonicalPath.ts";

const env = { FO_ACCESS_KEY: "AK_property", FO_SECRET_KEY: "-_-_ABEiM0RVZneImaq7zN3u_wEjRWeJq83v----_6A" };
const TIME = "20261121T093000Z";
const BASE = "http://127.0.0.1:4010";
const dir = mkdtempSync(path.join(tmpdir(), "fo-sign-printed-"));
// Files for --body-file live in their own folder; bash runs in another, which holds one file, so an unquoted
// glob would expand to its name and show in the arguments.
const files = path.join(dir, "files");
const cwd = path.join(dir, "cwd");
spawnSync("mkdir", ["-p", files, cwd]);
writeFileSync(path.join(cwd, "GLOB-CANARY"), "");
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** bash itself, found once: the pasted command then runs with a PATH that holds no program. */
const BASH = execFileSync("bash", ["-c", "command -v bash"], { encoding: "utf8" }).trim();
const settings = { seed: 20261125, numRuns: 150, endOnFailure: true };

/** Characters that mean something to a shell, to curl, to HTTP or to a terminal, plus some that mean nothing. */
const hostile = fc.constantFrom(
  ...[..."aZ09-_.~/ ;|&$`'\"\\(){}[]*?!<>#%^=,+@:\t\n\r\u0000\u0007\u001b\u007f\u0085\u009béü€😀"],
  "$(id)",
  "`id`",
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a shell expansion, as a hostile input
  "${IFS}",
  "'\\''",
  "--",
  "-X",
  "@/etc/passwd",
);
const text = (maxLength: number) => fc.array(hostile, { maxLength }).map((parts) => parts.join(""));
const TOKEN = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;

/** What bash does with the printed command: curl is a function that prints its arguments, and no program is on PATH. */
function pasted(command: string): { argv: string[]; stderr: string; status: number | null } {
  const script = [
    `curl() { printf '%s\\0' "$@"; }`,
    `command_not_found_handle() { printf 'RAN %s\\n' "$1" >&2; return 127; }`,
    command,
    "",
  ].join("\n");
  const res = spawnSync(BASH, ["--norc", "--noprofile", "-c", script], {
    cwd,
    env: { PATH: path.join(dir, "no-programs") },
    encoding: "utf8",
    timeout: 10_000,
  });
  return { argv: res.stdout.split("\0").slice(0, -1), stderr: res.stderr, status: res.status };
}

interface Case {
  method: string;
  target: string;
  header?: string;
  body?: string;
  fileName?: string;
}

function argsOf(c: Case): string[] {
  // Values as --name=VALUE: a value that starts with "-" is refused as ambiguous in the two-word form.
  const args = [c.method, c.target, "--time", TIME];
  if (c.header !== undefined) args.push(`--header=X-Probe: ${c.header}`);
  if (c.fileName !== undefined) {
    const file = path.join(files, c.fileName);
    writeFileSync(file, "file bytes");
    args.push(`--body-file=${file}`, "--content-type", "application/pdf");
  } else if (c.body !== undefined) args.push(`--body=${c.body}`);
  return args;
}

/** The arguments curl should get: the request as `--json` states it, in curl's words. */
function intended(c: Case): string[] {
  const json = JSON.parse(run([...argsOf(c), "--json"], env)) as { method: string; headers: Record<string, string> };
  const argv = [
    "-sS",
    "-g",
    "-X",
    json.method,
    `${BASE}${c.target}`,
    ...Object.entries(json.headers).flatMap(([n, v]) => ["-H", v === "" ? `${n};` : `${n}: ${v}`]),
  ];
  if (c.fileName !== undefined) argv.push("--data-binary", `@${path.join(files, c.fileName)}`);
  else if (c.body) argv.push("--data-raw", c.body);
  return argv;
}

/** Runs the case: either fo-sign refuses it, or the pasted command hands curl exactly the intended arguments. */
function check(c: Case): "refused" | "printed" {
  let command: string;
  try {
    command = run([...argsOf(c), "--curl"], env);
  } catch (err) {
    // A refusal names the problem without printing a control character raw.
    expect(CONTROL.test((err as Error).message), (err as Error).message).toBe(false);
    return "refused";
  }
  // A header value may hold tabs (RFC 9110 field-value); nothing else may hold a control character.
  const everything = [c.method, c.target, (c.header ?? "").replaceAll("\t", " "), c.fileName ?? ""].join("");
  expect(TOKEN.test(c.method), `printed for method ${JSON.stringify(c.method)}`).toBe(true);
  expect(CONTROL.test(everything), "printed despite a control character").toBe(false);
  // Nothing in the command can move a terminal's cursor or end the line early, except a body's own line feeds and tabs.
  expect(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/.test(command)).toBe(false);
  const { argv, stderr, status } = pasted(command);
  expect(stderr).toBe("");
  expect(status).toBe(0);
  expect(argv).toEqual(intended(c));
  return "printed";
}

describe("fo-sign --curl prints a command that is safe to paste", () => {
  // Methods, paths, header values and bodies.
  test("hostile inputs: refused, or exactly the intended arguments", () => {
    const outcomes = { refused: 0, printed: 0 };
    fc.assert(
      fc.property(
        fc.oneof(fc.constantFrom("GET", "post", "PATCH", "M-SEARCH", "x!#$%&'*+.^_`|~"), text(6)),
        // Half hostile paths, half paths made of the characters a signed path may hold, so both outcomes come up.
        fc.oneof(
          text(12).map((t) => `/${t}`),
          fc
            .array(fc.constantFrom(...[..."aZ09-_~;|&$'()*!=,+@:"]), { minLength: 1, maxLength: 12 })
            .map((p) => `/v1/${p.join("")}`),
        ),
        fc.option(text(10), { nil: undefined }),
        fc.option(text(10), { nil: undefined }),
        (method, target, header, body) => {
          outcomes[check({ method, target, header, body })]++;
        },
      ),
      settings,
    );
    // The generators must reach both outcomes, or the property says nothing about one of them.
    expect(outcomes.printed).toBeGreaterThan(10);
    expect(outcomes.refused).toBeGreaterThan(10);
  });

  test("prints shell metacharacters in a clean path and body", () => {
    // A clean path is one the signer takes (src/signing/canonicalPath.ts: the URL parser gives it back
    // unchanged, so no space, quote, backtick, brace or stray %); the shell still reads most of what is left.
    const pathChar = fc.constantFrom(...[..."aZ09-_~/;|&$'()[]*!^=,+@:"], "$(id)");
    const bodyChar = fc.constantFrom(
      ...[..."aZ09-_~/;|&$`'\"(){}[]*!<>%^=,+@: "],
      "$(id)",
      "`id`",
      // biome-ignore lint/suspicious/noTemplateCurlyInString: a shell expansion, as a hostile input
      "${IFS}",
      "'\\''",
    );
    const cleanPath = fc
      .array(pathChar, { minLength: 1, maxLength: 12 })
      .map((p) => `/v1/${p.join("")}`)
      .filter((t) => pathProblem(t) === undefined);
    fc.assert(
      fc.property(cleanPath, fc.array(bodyChar, { maxLength: 12 }), (target, b) => {
        expect(check({ method: "POST", target, body: b.join("") })).toBe("printed");
      }),
      settings,
    );
  });

  test("hostile file names: RFC 6266/8187 header, one argument", () => {
    const nameChar = fc.constantFrom(
      ...[..."aZ09-_. ;|&$`'\"\\(){}[]*?!<>#%^=,+@:\t\n\u001b\u007f\u0085éü€😀"],
      "$(id)",
      "'\\''",
    );
    fc.assert(
      fc.property(
        fc
          .array(nameChar, { minLength: 1, maxLength: 16 })
          .map((parts) => parts.join(""))
          .filter((n) => n !== "." && n !== ".." && Buffer.byteLength(n) < 200),
        (fileName) => {
          const outcome = check({ method: "PUT", target: "/v2/accounts/a1/documents/d1", fileName });
          expect(outcome === "refused").toBe(CONTROL.test(fileName));
          if (outcome === "refused") return;
          const header = contentDisposition(fileName);
          const m = /^attachment; filename="([^"\\%]*)"(?:; filename\*=UTF-8''([A-Za-z0-9!#$&+\-.^_`|~%]*))?$/.exec(
            header,
          );
          expect(m, header).not.toBeNull();
          expect(/^[\x20-\x7e]*$/.test(m![1]!)).toBe(true);
          expect(m![2] === undefined ? m![1] : decodeURIComponent(m![2])).toBe(fileName);
        },
      ),
      settings,
    );
  });
});
