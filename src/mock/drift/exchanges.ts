// What only this project's report finds in an exchange, beside Redocly's check: an answer status the operation does not
// list, and what the exchange shows of the document's `x-not-shown` gaps and of members its open schemas do not name
// (./gaps.ts), in the request's parameters and JSON body and in the answer's status, headers and JSON body.
import { isJsonType, isKeptMember, isMaskedHeader, isMaskedMember } from "../../server/masked.ts";
import { type DriftDocument, isNode, type Operation, pointerOf, type Resolved, segment } from "./document.ts";
import type { Findings } from "./findings.ts";
import { isShownValue, type Observation, walk } from "./gaps.ts";
import type { Exchange } from "./har.ts";

/** The `responses` key an answer's status is documented under: the status, its range (`2XX`), or `default`. */
export function responseKey(responses: Record<string, unknown>, status: number): string | undefined {
  const exact = String(status);
  if (exact in responses) return exact;
  const range = `${exact[0]}XX`;
  const found = Object.keys(responses).find((k) => k.toUpperCase() === range);
  if (found) return found;
  return "default" in responses ? "default" : undefined;
}

/** The content entry of a media type: exact (parameters ignored), then `type/*`, then `* /*`. */
function contentKey(content: Record<string, unknown>, mediaType: string | undefined): string | undefined {
  const type = mediaType?.split(";")[0]?.trim().toLowerCase();
  if (!type) return undefined;
  const keys = Object.keys(content);
  return (
    keys.find((k) => k.toLowerCase() === type) ??
    keys.find((k) => k.toLowerCase() === `${type.split("/")[0]}/*`) ??
    keys.find((k) => k === "*/*")
  );
}

const parse = (text: string | undefined): { ok: true; value: unknown } | { ok: false } => {
  if (text === undefined) return { ok: false };
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false };
  }
};

type Add = Findings["add"];

/** Reads a JSON body beside the schema of its media type in a `content` map at `pointer`. */
function readBody(
  doc: DriftDocument,
  pointer: string,
  mediaType: string | undefined,
  text: string | undefined,
  observe: (o: Observation) => void,
) {
  const holder = doc.at(pointer);
  const content = holder?.node.content;
  if (!holder || !isNode(content) || !isJsonType(mediaType)) return;
  const key = contentKey(content, mediaType);
  const body = parse(text);
  if (key && body.ok) walk(doc, body.value, `${holder.pointer}/content/${segment(key)}/schema`, "", observe);
}

/** The values of an operation's path variables in a path (each decoded). */
function pathValues(template: string, path: string): Map<string, string> {
  const values = new Map<string, string>();
  const parts = path.split("/");
  template.split("/").forEach((fragment, i) => {
    const name = /^{(.+)}$/.exec(fragment)?.[1];
    if (name && parts[i] !== undefined) {
      try {
        values.set(name, decodeURIComponent(parts[i]!));
      } catch {
        values.set(name, parts[i]!);
      }
    }
  });
  return values;
}

/** Reads the request's parameters (path, query, header) beside their schemas: the path item's, then the operation's. */
function readParameters(doc: DriftDocument, op: Operation, exchange: Exchange, add: Add) {
  const path = pathValues(op.path, exchange.path);
  for (const holder of [doc.at(pointerOf("paths", op.path)), doc.at(op.pointer)]) {
    const list = holder?.node.parameters;
    if (!holder || !Array.isArray(list)) continue;
    for (let i = 0; i < list.length; i++) {
      const parameter = doc.at(`${holder.pointer}/parameters/${i}`);
      const { name, in: where } = (parameter?.node ?? {}) as { name?: unknown; in?: unknown };
      if (!parameter || typeof name !== "string") continue;
      let value: string | undefined;
      if (where === "path") value = path.get(name);
      else if (where === "query") value = exchange.query.find(([n]) => n === name)?.[1];
      else if (where === "header")
        value = exchange.requestHeaders.find((h) => h.name.toLowerCase() === name.toLowerCase())?.value;
      if (value === undefined) continue;
      // A path is recorded as it was sent; a query's value is kept only under a kept name (src/server/masked.ts).
      const masked =
        where === "header" ? isMaskedHeader(name) : where === "query" && (isMaskedMember(name) || !isKeptMember(name));
      const at = `${where} ${name}`;
      walk(
        doc,
        value,
        `${parameter.pointer}/schema`,
        "",
        (o) => observed(add, op, "request", at, o, exchange.index),
        masked,
      );
    }
  }
}

/** Adds a finding of ours from what one exchange showed at one place. */
function observed(add: Add, op: Operation, side: "request" | "answer", at: string, o: Observation, exchange: number) {
  const message = !o.member
    ? "shows "
    : o.kind === "gap"
      ? "a member the reference does not show: "
      : "a member the schema allows but does not name: ";
  add(
    {
      severity: o.kind === "gap" ? "info" : "warning",
      kind: o.kind,
      source: "fo-mock drift",
      operation: op.operationId,
      in: side,
      at,
      message,
      document: o.document,
      ...(o.gap ? { gap: o.gap.text } : {}),
    },
    exchange,
    o.shown,
  );
}

/** What this report finds in one exchange; exchanges no operation matches are Redocly's (undocumented endpoint). */
export function readExchange(doc: DriftDocument, exchange: Exchange, add: Add): void {
  const op = doc.route(exchange.method, exchange.path);
  if (!op) return;
  readParameters(doc, op, exchange, add);
  readBody(doc, `${op.pointer}/requestBody`, exchange.requestType, exchange.requestText, (o) =>
    observed(add, op, "request", `body ${o.at || "/"}`, o, exchange.index),
  );
  const operation = doc.at(op.pointer);
  const responses = (operation?.node.responses ?? {}) as Record<string, unknown>;
  const key = responseKey(responses, exchange.status);
  if (key === undefined) {
    const type = exchange.answerType?.split(";")[0]?.trim();
    add(
      {
        // A gateway's or a load balancer's 5xx reaches a client with no document behind it; anything else is the
        // service's own answer, which a client built from the document has no case for.
        severity: exchange.status >= 500 ? "warning" : "error",
        kind: "undocumented-status",
        source: "fo-mock drift",
        operation: op.operationId,
        in: "answer",
        at: "status",
        message:
          `answered ${exchange.status}${type ? ` (${type})` : ""}, which the operation does not list ` +
          `(it lists ${Object.keys(responses).join(", ")})`,
        document: `${op.pointer}/responses`,
      },
      exchange.index,
    );
    return;
  }
  // The document's convention: a success status the reference does not give is `2XX`, and the operation's own
  // x-not-shown says so; the exact status answered is what that gap waits for.
  if (key !== String(exchange.status) && key !== "default" && operation?.gap) {
    const { gap } = operation;
    const o = {
      kind: "gap",
      at: "",
      member: false,
      shown: `${exchange.status} (documented as ${key})`,
      document: gap.pointer,
      gap,
    } as const;
    observed(add, op, "answer", "status", o, exchange.index);
  }
  const responsePointer = `${op.pointer}/responses/${segment(key)}`;
  const response = doc.at(responsePointer);
  if (response?.gap) readResponseGap(doc, response, op, exchange, add);
  readBody(doc, responsePointer, exchange.answerType, exchange.answerText, (o) =>
    observed(add, op, "answer", `body ${o.at || "/"}`, o, exchange.index),
  );
}

/**
 * A gap on a response itself (its error code, whether it carries a header): the answer's short codes at the top of
 * its body, where the schema offers values, and the headers the document declares somewhere that it carries.
 */
function readResponseGap(doc: DriftDocument, response: Resolved, op: Operation, exchange: Exchange, add: Add) {
  const gap = response.gap!;
  const show = (at: string, shown: string) =>
    observed(
      add,
      op,
      "answer",
      at,
      { kind: "gap", at: "", member: false, shown, document: gap.pointer, gap },
      exchange.index,
    );
  for (const header of exchange.answerHeaders)
    if (doc.answerHeaders.has(header.name.toLowerCase())) show(`header ${header.name}`, "the header");
  const body = parse(exchange.answerText);
  const content = response.node.content;
  if (!body.ok || !isNode(body.value) || !isNode(content)) return;
  const key = contentKey(content, exchange.answerType);
  const schema = key === undefined ? undefined : doc.at(`${response.pointer}/content/${segment(key)}/schema`);
  if (!schema) return;
  for (const [name, value] of Object.entries(body.value)) {
    const member = doc.at(`${schema.pointer}/properties/${segment(name)}`);
    const offers = !!member && ["enum", "examples", "x-extensible-enum"].some((k) => Array.isArray(member.node[k]));
    if (offers && typeof value === "string" && isShownValue(value, true))
      show(`body /${segment(name)}`, `value "${value}"`);
  }
}
