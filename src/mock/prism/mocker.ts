// The answer to an accepted request, from Prism as a library (@stoplight/prism-http, documented in its README and
// Prism's "Prism Client" guide): the mock routes the request over the document itself (404 and 405 are its own), reads
// what it asks for (Prefer), and calls `request(input, [operation], config)`, which returns the answer and the
// violations Prism found as data, or a problem. Error answers are built from that data (../answers/described.ts).
// What Prism's own HTTP server adds is added here too: its CORS headers and preflight answer, and `sl-violations`.
import type { IncomingHttpHeaders, OutgoingHttpHeaders } from "node:http";
import type { IHttpOperation } from "@stoplight/types";
import { createInstance } from "@stoplight/prism-http";
import { createLogger } from "@stoplight/prism-core";
import {
  type Described,
  describedExample,
  detailOf,
  describedProblem,
  noMethodBody,
  noPathBody,
  type Violation,
} from "../answers/described.ts";
import type { AcceptedRequest } from "../request/accepted.ts";
import { isJson } from "../request/json.ts";
import { prismInput } from "./input.ts";
import { askedFor, readPreferences } from "./prefer.ts";
import { createRouter } from "./routes.ts";

/** An answer to write: status, headers and the body's bytes or text (none for an empty body). */
export interface MockAnswer {
  status: number;
  headers: OutgoingHttpHeaders;
  body?: string | Buffer;
}

/** Answers an accepted request; the front writes what it returns. */
export type Mocker = (request: AcceptedRequest) => Promise<MockAnswer>;

/** What the mock logs of an answer it made from a refusal (never a header value, so never a secret). */
export type RefusalLog = (line: string) => void;

/** The configuration `prism mock` runs with (prism-cli's createServer): validate, check security, mock from examples. */
export const PRISM_MOCK_CONFIG = {
  validateRequest: true,
  validateResponse: true,
  checkSecurity: true,
  errors: false,
  upstreamProxy: undefined,
  isProxy: false,
  mock: { dynamic: false, ignoreExamples: false },
} as const;

/** `sl-violations` stays under a safe header size, as Prism's server keeps it. */
const MAX_VIOLATIONS_HEADER = 8 * 1024 - 100;
const SEVERITY = ["Error", "Warning", "Information", "Hint"];

interface Diagnostic {
  path?: (string | number)[];
  severity: number;
  code?: string | number;
  message: string;
}

const violation = (where: "request" | "response", d: Diagnostic): Violation => ({
  location: [where, ...(d.path ?? []).map(String)],
  severity: SEVERITY[d.severity] ?? String(d.severity),
  ...(d.code !== undefined ? { code: d.code } : {}),
  message: d.message,
});

/** Prism's CORS headers on every answer of its own server (`cors` is on in `prism mock`). */
function corsHeaders(headers: IncomingHttpHeaders): OutgoingHttpHeaders {
  return {
    "Access-Control-Allow-Origin": headers.origin || "*",
    "Access-Control-Allow-Headers": headers["access-control-request-headers"] || "*",
    "Access-Control-Allow-Credentials": "true",
    "Access-Control-Expose-Headers": headers["access-control-expose-headers"] || "*",
  };
}

const json = (status: number, headers: OutgoingHttpHeaders, body: unknown): MockAnswer => {
  const text = JSON.stringify(body);
  return {
    status,
    headers: { ...headers, "Content-Type": "application/json", "Content-Length": Buffer.byteLength(text) },
    body: text,
  };
};

/** A body as Prism's server serializes it for its Content-Type; throws for one it cannot. */
function serialized(body: unknown, type: string | undefined): string | undefined {
  if (!type && !body) return undefined;
  if (type && isJson(type)) return JSON.stringify(body);
  if (type && /^text\//i.test(type) && typeof body !== "string" && body !== undefined)
    throw new Error("Cannot serialise complex objects as text");
  if (typeof body === "string") return body;
  if (body === undefined || body === null) return undefined;
  throw new Error(`Cannot find serializer for ${type}`);
}

const headerValue = (headers: Record<string, unknown>, name: string) => {
  const key = Object.keys(headers).find((k) => k.toLowerCase() === name);
  return key === undefined ? undefined : String(headers[key]);
};

/**
 * Prism for the given operations (`prism mock`'s configuration), behind the mock's routing. `onRefused` hears of every
 * answer the mock made from a refusal (404, 405, Prism's violations and problems).
 */
export function createMocker(operations: readonly IHttpOperation[], onRefused?: RefusalLog): Mocker {
  const prism = createInstance(PRISM_MOCK_CONFIG as never, { logger: createLogger("prism", { level: "silent" }) });
  const route = createRouter(operations);

  return async (request) => {
    const headers = request.headers;
    const cors = corsHeaders(headers);
    const described = (asked = false): Described => ({
      method: request.method,
      path: request.path,
      authorization: headers.authorization,
      asked,
      now: new Date(),
    });
    const refused = (answer: MockAnswer, why: string) => {
      onRefused?.(`${answer.status} ${request.method} ${request.path.slice(0, 200)}: ${why.slice(0, 300)}`);
      return answer;
    };
    // A browser's preflight, as Prism's server answers it before routing.
    if (request.method === "OPTIONS" && headers.origin && headers["access-control-request-method"]) {
      return {
        status: 204,
        headers: {
          ...cors,
          "Access-Control-Allow-Methods": headers["access-control-request-method"],
          Vary: "origin",
          "Content-Length": "0",
        },
      };
    }
    const routed = route(request.method, request.path);
    if (routed.kind === "no-path") return refused(json(404, cors, noPathBody(described())), "no such path");
    if (routed.kind === "no-method") {
      const body = noMethodBody(described(), routed.allow);
      return refused(json(405, { ...cors, Allow: routed.allow }, body), `takes ${routed.allow}`);
    }

    const input = prismInput(request);
    // Node joins a repeated Prefer into one value.
    const preferences = readPreferences(headers.prefer as string | undefined, input.url.query);
    if (!preferences.ok) {
      const body = describedProblem(
        { status: 422, title: "Invalid request", detail: preferences.problem, violations: [], credentials: false },
        described(),
      );
      return refused(json(422, cors, body), preferences.problem);
    }
    const config = { ...PRISM_MOCK_CONFIG, mock: { ...PRISM_MOCK_CONFIG.mock, ...preferences.preferences } };
    const result = await prism.request(input as never, [routed.operation], config as never)();
    const asked = askedFor(preferences.preferences);

    if (result._tag === "Left") {
      const e = result.left as Error & {
        status?: number;
        detail?: string;
        additional?: {
          headers?: Record<string, string>;
          validation?: (Omit<Violation, "location"> & { location?: string[] })[];
        };
      };
      const status = e.status || 500;
      // A problem's violations are the request's, located from its root, with their severity's name.
      const violations = (e.additional?.validation ?? []).map((v) => ({
        ...v,
        location: ["request", ...(v.location ?? [])],
      }));
      const body = describedProblem(
        {
          status,
          title: e.message,
          detail: e.detail ?? "",
          violations,
          credentials: status === 401,
        },
        described(asked),
      );
      const answer = json(status, { ...cors, ...e.additional?.headers }, body);
      return status >= 500 ? answer : refused(answer, detailOf(body));
    }

    const { output, validations } = result.right;
    const violations = [
      ...validations.input.map((d) => violation("request", d as Diagnostic)),
      ...validations.output.map((d) => violation("response", d as Diagnostic)),
    ];
    const outHeaders: OutgoingHttpHeaders = { ...cors, ...(output.headers as OutgoingHttpHeaders) };
    if (violations.length) {
      const text = JSON.stringify(violations);
      outHeaders["sl-violations"] =
        text.length > MAX_VIOLATIONS_HEADER ? `Too many violations! ${text.substring(0, MAX_VIOLATIONS_HEADER)}` : text;
    }
    const type = headerValue(output.headers ?? {}, "content-type");
    if (output.statusCode >= 400) {
      const body = describedExample(output.body, violations, described(asked));
      if (body) {
        for (const name of Object.keys(outHeaders)) if (name.toLowerCase() === "content-type") delete outHeaders[name];
        const answer = json(output.statusCode, outHeaders, body);
        return asked ? answer : refused(answer, detailOf(body));
      }
    }
    let text: string | undefined;
    try {
      text = serialized(output.body, type);
    } catch (err) {
      const detail = (err as Error).message;
      const body = describedProblem(
        { status: 500, title: detail, detail, violations: [], credentials: false },
        described(asked),
      );
      return json(500, cors, body);
    }
    if (text === undefined) return { status: output.statusCode, headers: outHeaders };
    if (!type) outHeaders["Content-Type"] = "text/plain; charset=utf-8";
    outHeaders["Content-Length"] = Buffer.byteLength(text);
    return { status: output.statusCode, headers: outHeaders, body: text };
  };
}
