import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import type { IncomingHttpHeaders } from "node:http";
import { setTimeout as sleep } from "node:timers/promises";
import addFormats from "ajv-formats";
import { type Context, OpenAPIBackend } from "openapi-backend";
import { VirtualClock } from "./clock.ts";
import { control } from "./control.ts";
import { controlAccess } from "./controlAccess.ts";
import { createQuote, executeQuote, getConversion } from "./conversions.ts";
import { createExternalAccount, listExternalAccounts } from "./externalAccounts.ts";
import { type Fault, FaultInjector } from "./faults.ts";
import type { HandlerEnv, OperationInput, Problem, StatefulOperation } from "./operation.ts";
import { type ResolvedOptions, type StatefulOptions, resolveOptions, retentionOf } from "./options.ts";
import { createPortfolioHedge, createPortfolioQuote, getPortfolioHedge } from "./portfolio.ts";
import { type Reply, errorFor } from "./reply.ts";
import { listRfiCasesOperation, loadRfiFixture } from "./rfiCases.ts";
import { componentValidator } from "./schemas.ts";
import { StatefulStore } from "./store.ts";

export { StatefulOptionsError, type StatefulOptions } from "./options.ts";
export { RfiFixtureError } from "./rfiCases.ts";
export type { Reply } from "./reply.ts";

/** The operations the stateful mode answers itself, by the document's operationId; Prism answers the rest. */
export const STATEFUL_OPERATIONS: Readonly<Record<string, StatefulOperation>> = {
  createQuote,
  executeQuote,
  getConversion,
  createExternalAccount,
  listExternalAccounts,
  createPortfolioQuote,
  createPortfolioHedge,
  getPortfolioHedge,
  listRfiCases: listRfiCasesOperation,
};

/** One request as the front has it: after authentication, with the exact body bytes. */
export interface StatefulRequest {
  method: string;
  /** The request path, without the query. */
  path: string;
  /** The raw query string, without `?`. */
  query: string;
  headers: IncomingHttpHeaders;
  body: Uint8Array;
  /** The port it came in on, the mock's own (the control API checks Host and Origin against it). */
  localPort?: number;
}

/** `drop`: close the connection without an answer. */
export const DROP = "drop";
/** An answer, a dropped connection, or undefined: not the stateful mode's, pass it on to Prism. */
export type StatefulOutcome = Reply | typeof DROP | undefined;

export interface RequestLogEntry {
  /** Virtual time of arrival. */
  time: string;
  method: string;
  path: string;
  operation_id: string | null;
  /** The status answered, "drop", or "prism" when passed on. */
  outcome: number | "drop" | "prism";
  fault?: string;
}

export interface StatefulMock {
  /** The control API's path prefix. */
  readonly controlPrefix: string;
  readonly options: ResolvedOptions;
  readonly clock: VirtualClock;
  readonly store: StatefulStore;
  readonly faults: FaultInjector;
  /**
   * True for a path under the control prefix while the control API is on (answered by `control`, which has its own
   * gate, not the front's authentication).
   */
  isControlPath(path: string): boolean;
  /** The control gate on a call's head alone (no body yet): its refusal, or undefined to read the body. */
  admitControl(head: Omit<StatefulRequest, "body" | "path" | "query">): Reply | undefined;
  control(request: StatefulRequest): Reply;
  /** A request after authentication: the stateful answer, a drop, or undefined to pass it to Prism. */
  handle(request: StatefulRequest): Promise<StatefulOutcome>;
  /** Empties every record, fault and log entry, resets the clock and re-seeds the RFI cases. */
  reset(): void;
}

const DECLINE = Symbol("decline");
/** A path as the request log keeps it: at most 2,048 characters, so the log's memory is bounded by its size. */
const logged = (path: string) => (path.length > 2048 ? `${path.slice(0, 2048)}...` : path);
const isJsonType = (type: string | undefined) => !!type && /^application\/([\w.+-]+\+)?json\s*(;|$)/i.test(type);

function problemsOf(errors: NonNullable<Context["validation"]["errors"]>): Problem[] {
  return errors.map((e) => {
    const missing = (e.params as { missingProperty?: string }).missingProperty;
    const where = [e.instancePath.replace(/^\//, ""), missing].filter(Boolean).join("/") || "request";
    return {
      where,
      keyword: e.keyword,
      message: e.keyword === "required" ? "is required" : (e.message ?? "is invalid"),
    };
  });
}

/**
 * Builds the stateful mode: routes and validates with openapi-backend over the bundled document,
 * answers the operations whose rules the reference states from memory, and passes everything else on.
 * @throws StatefulOptionsError for an unusable setting; RfiFixtureError for a fixture the document refuses.
 */
export async function createStatefulMock(given: StatefulOptions = {}): Promise<StatefulMock> {
  const options = resolveOptions(given);
  const document = JSON.parse(readFileSync(options.document, "utf8"));
  const schemas = componentValidator(structuredClone(document));
  const seeded = loadRfiFixture(options.rfiFixture, schemas);
  const clock = new VirtualClock(options.now);
  const store = new StatefulStore(() => structuredClone(seeded), retentionOf(options));
  const env: HandlerEnv = { store, clock, options, newId: randomUUID };

  // Security mirrors Prism's presence checks, so a request Prism would refuse is passed on for it to refuse.
  const securityHandlers: Record<string, (c: Context) => boolean> = {};
  for (const [name, scheme] of Object.entries<{ type: string; scheme?: string; in?: string; name?: string }>(
    document.components?.securitySchemes ?? {},
  )) {
    securityHandlers[name] = (c) => {
      const header = (n: string) => c.request.headers[n.toLowerCase()] as string | undefined;
      if (scheme.type === "http" && scheme.scheme?.toLowerCase() === "bearer")
        return /^Bearer\s.+$/.test(header("authorization") ?? "");
      if (scheme.type === "apiKey" && scheme.in === "header" && scheme.name) return !!header(scheme.name);
      return false;
    };
  }
  const input = (c: Context, path: string, body: unknown): OperationInput => ({
    path,
    params: c.request.params as Record<string, string>,
    query: c.request.query as Record<string, unknown>,
    headers: c.request.headers as OperationInput["headers"],
    body,
  });
  const handlers: Record<string, (c: Context, path: string, body: unknown) => Reply | typeof DECLINE> = {
    notFound: () => DECLINE,
    methodNotAllowed: () => DECLINE,
    notImplemented: () => DECLINE,
    unauthorizedHandler: () => DECLINE,
    validationFail: (c, path, body) => {
      const op = STATEFUL_OPERATIONS[c.operation.operationId!];
      return op ? op.refuse(input(c, path, body), problemsOf(c.validation.errors!), env) : DECLINE;
    },
  };
  for (const [id, op] of Object.entries(STATEFUL_OPERATIONS))
    handlers[id] = (c, path, body) => op.handle(input(c, path, body), env);

  const api = new OpenAPIBackend({
    definition: document,
    // quick: skips the library's OpenAPI 3.0 check of the document (it is 3.1, linted by the project).
    quick: true,
    strict: true,
    coerceTypes: true,
    ajvOpts: { strict: false },
    customizeAjv: (ajv) => {
      (addFormats as unknown as (a: typeof ajv) => void)(ajv);
      return ajv;
    },
    handlers,
    securityHandlers,
  });
  await api.init();
  const operationIds = new Set(
    api
      .getOperations()
      .map((o) => o.operationId!)
      .filter(Boolean),
  );
  for (const id of Object.keys(STATEFUL_OPERATIONS))
    if (!operationIds.has(id)) throw new Error(`The document has no operation ${id}.`);
  const faults = new FaultInjector(operationIds, new Set(Object.keys(STATEFUL_OPERATIONS)));

  // The log holds up to twice its size between trims, so a trim (a copy) happens once per `requestLogSize` requests.
  let log: RequestLogEntry[] = [];
  const record = (entry: RequestLogEntry) => {
    if (options.requestLogSize === 0) return;
    log.push(entry);
    if (log.length >= 2 * options.requestLogSize) log = log.slice(-options.requestLogSize);
  };
  const reset = () => {
    store.reset();
    faults.clear();
    clock.reset();
    log = [];
  };
  const prefix = options.controlPrefix;
  const access = controlAccess(options);
  const target = {
    prefix,
    store,
    clock,
    faults,
    schemas,
    reset,
    requests: () => log.slice(-options.requestLogSize),
    handledOperations: Object.keys(STATEFUL_OPERATIONS),
  };

  return {
    controlPrefix: prefix,
    options,
    clock,
    store,
    faults,
    isControlPath: access.isControlPath,
    admitControl: access.admit,
    control(r) {
      const refused = access.admit(r);
      if (refused) return refused;
      store.sweep(clock.now());
      return control(target, r.method, r.path, r.query, r.body);
    },
    reset,
    async handle(r) {
      store.sweep(clock.now());
      const headers = r.headers as Record<string, string | string[]>;
      const routed = { method: r.method, path: r.path, query: r.query, headers };
      const operationId = api.router.matchOperation(routed)?.operationId;
      const entry: RequestLogEntry = {
        time: new Date(clock.now()).toISOString(),
        method: r.method,
        path: logged(r.path),
        operation_id: operationId ?? null,
        outcome: "prism",
      };
      const fault = faults.take({ method: r.method, path: r.path, operationId });
      if (fault) entry.fault = fault.kind;
      const done = (outcome: StatefulOutcome) => {
        record({ ...entry, outcome: outcome === undefined ? "prism" : outcome === DROP ? DROP : outcome.status });
        return outcome;
      };
      /** The status fault's answer, in the path's error envelope. */
      const injected = (f: Fault) => {
        const answer = errorFor(r.path, f.status!, `Injected ${f.status} (mock fault).`, clock.now(), f.code);
        if (f.retry_after !== undefined) answer.headers = { "Retry-After": String(f.retry_after) };
        return answer;
      };
      if (fault?.kind === "drop-before") return done(DROP);
      if (fault?.kind === "status" && fault.at !== "after") return done(injected(fault));
      if (fault?.kind === "delay" && fault.at === "before") await sleep(fault.delay_ms!);
      if (!operationId || !STATEFUL_OPERATIONS[operationId]) return done(undefined);
      let body: unknown;
      if (r.body.length > 0) {
        const type = r.headers["content-type"];
        if (!isJsonType(Array.isArray(type) ? type[0] : type)) return done(undefined);
        try {
          body = JSON.parse(Buffer.from(r.body).toString("utf8"));
        } catch {
          return done(undefined);
        }
      }
      const answer = (await api.handleRequest({ ...routed, body }, r.path, body)) as Reply | typeof DECLINE;
      if (answer === DECLINE) return done(undefined);
      if (fault?.kind === "drop-after") return done(DROP);
      // Handled and recorded; the client meets the status instead (a gateway timeout after the order).
      if (fault?.kind === "status") return done(injected(fault));
      if (fault?.kind === "delay") await sleep(fault.delay_ms!);
      return done(answer);
    },
  };
}
