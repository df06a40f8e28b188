import type { VirtualClock } from "./clock.ts";
import { type FaultInjector, FaultSpecError } from "./faults.ts";
import { instant } from "./instant.ts";
import { CONTROL_LIMITS } from "./limits.ts";
import { canonicalId } from "./ids.ts";
import { isObject } from "./operation.ts";
import { type Reply, reply } from "./reply.ts";
import { RfiFixtureError, checkCases } from "./rfiCases.ts";
import type { ComponentValidator } from "./schemas.ts";
import type { RfiCase } from "./rfiCase.ts";
import type { StatefulStore } from "./store.ts";

/** What the control API works on. */
export interface ControlTarget {
  prefix: string;
  store: StatefulStore;
  clock: VirtualClock;
  faults: FaultInjector;
  schemas: ComponentValidator;
  requests: () => unknown[];
  /** Empties the store, the faults, the log and the clock offset, and re-seeds the RFI cases. */
  reset: () => void;
  handledOperations: readonly string[];
}

const bad = (message: string, status = 400): Reply => reply(status, { error: message });
/** A refusal for an identifier over its bound, or undefined. */
const tooLong = (name: string, value: string): Reply | undefined =>
  value.length > CONTROL_LIMITS.id
    ? bad(`${name} is at most ${CONTROL_LIMITS.id} characters (this one: ${value.length}).`)
    : undefined;

function parseJson(body: Uint8Array): { value: unknown } | { error: Reply } {
  if (body.length === 0) return { value: undefined };
  try {
    return { value: JSON.parse(Buffer.from(body).toString("utf8")) };
  } catch {
    return { error: bad("The body is not valid JSON.") };
  }
}

const iso = (ms: number) => new Date(ms).toISOString();

/** A path segment decoded; `%` not followed by two hex digits is left as it is. */
const segment = (raw: string) => {
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
};

/** Integer query value within bounds, its default when absent; a string error otherwise. */
function intParam(q: URLSearchParams, name: string, fallback: number, min: number, max: number): number | string {
  const raw = q.get(name);
  if (raw === null) return fallback;
  const n = Number(raw);
  return /^\d+$/.test(raw) && n >= min && n <= max ? n : `${name} must be a whole number from ${min} to ${max}.`;
}

/** Conversions the mock recorded, for a caller's List Transactions (its real path is not shown). */
function listTransactions(t: ControlTarget, q: URLSearchParams): Reply {
  const customerId = q.get("customer_id");
  if (!customerId) return bad("customer_id is required.");
  const long = tooLong("customer_id", customerId);
  if (long) return long;
  const bounds: Record<string, bigint | undefined> = {};
  for (const name of ["created_after", "created_before"]) {
    const raw = q.get(name);
    if (raw === null) continue;
    bounds[name] = instant(raw);
    if (bounds[name] === undefined) return bad(`${name} must be an ISO 8601 date-time with an offset.`);
  }
  const page = intParam(q, "page", 1, 1, 1_000_000);
  const size = intParam(q, "size", 100, 1, 1000);
  if (typeof page === "string") return bad(page);
  if (typeof size === "string") return bad(size);
  const action = q.get("transaction_action");
  const ns = (ms: number) => BigInt(ms) * 1_000_000n;
  const all =
    action !== null && action !== "CONVERSION"
      ? []
      : [...t.store.orders.live(t.clock.now())]
          .filter((o) => o.customerId === customerId)
          .filter(
            (o) =>
              (bounds.created_after === undefined || ns(o.createdAt) >= bounds.created_after) &&
              (bounds.created_before === undefined || ns(o.createdAt) <= bounds.created_before),
          )
          .sort((a, b) => a.createdAt - b.createdAt);
  const list = all
    .slice((page - 1) * size, page * size)
    .map((o) => ({ transaction_id: o.transactionId, transaction_action: "CONVERSION", created_at: iso(o.createdAt) }));
  return reply(200, { list, total: all.length, page, size });
}

function putRfiCase(t: ControlTarget, customerId: string, caseId: string, body: unknown, merge: boolean): Reply {
  const long = tooLong("customer_id", customerId) ?? tooLong("case_id", caseId);
  if (long) return long;
  if (!isObject(body)) return bad("Send the RFI case (PUT) or the fields to change (PATCH) as a JSON object.");
  const cases = t.store.rfiCases.get(customerId) ?? [];
  const index = cases.findIndex((c) => c.case_id === caseId);
  if (merge && index < 0) return bad(`No RFI case ${caseId} for customer ${customerId}.`, 404);
  if (index < 0 && t.store.caseCount >= CONTROL_LIMITS.rfiCases) {
    return bad(
      `The mock holds at most ${CONTROL_LIMITS.rfiCases} RFI cases (seeded ones included); POST ${t.prefix}/reset ` +
        `to start over.`,
      409,
    );
  }
  const now = iso(t.clock.now());
  const next = { ...(merge ? cases[index] : { created_at: now }), ...body, case_id: caseId } as Record<string, unknown>;
  // A change is an update: stamped with the virtual time unless the caller gives updated_at.
  if (body.updated_at === undefined) next.updated_at = now;
  try {
    const [checked] = checkCases(customerId, [next], t.schemas, "RFI case");
    if (index < 0) t.store.casesOf(customerId).push(checked!);
    else cases[index] = checked!;
    return reply(index < 0 ? 201 : 200, checked);
  } catch (err) {
    if (err instanceof RfiFixtureError) return bad(err.message);
    throw err;
  }
}

/** A control call as a route's handler sees it: the method, the path's variables, the query and the JSON body. */
interface Call {
  t: ControlTarget;
  method: string;
  params: Record<string, string>;
  query: URLSearchParams;
  json: unknown;
}

/**
 * Every route of the control API, by its path under the prefix (variables in braces, as
 * control.openapi.yaml writes them) and method: the one list the dispatch reads and the document is checked against.
 */
export const CONTROL_ROUTES: Readonly<Record<string, Readonly<Record<string, (c: Call) => Reply>>>> = {
  "": {
    GET: ({ t }) => reply(200, { now: iso(t.clock.now()), prefix: t.prefix, handled_operations: t.handledOperations }),
  },
  "/reset": {
    POST: ({ t }) => {
      t.reset();
      return reply(204);
    },
  },
  "/clock": { GET: ({ t }) => reply(200, { now: iso(t.clock.now()) }), POST: advanceClock },
  "/faults": {
    GET: ({ t }) => reply(200, { faults: t.faults.list() }),
    POST: addFault,
    DELETE: ({ t }) => {
      t.faults.clear();
      return reply(204);
    },
  },
  "/requests": { GET: ({ t }) => reply(200, { requests: t.requests() }) },
  "/transactions": { GET: ({ t, query }) => listTransactions(t, query) },
  "/orders/{transaction_id}": { PATCH: setOrderStatus },
  "/customers/{customer_id}/rfi-cases": {
    GET: ({ t, params }) =>
      tooLong("customer_id", params.customer_id!) ??
      reply(200, { list: t.store.rfiCases.get(params.customer_id!) ?? ([] as RfiCase[]) }),
  },
  "/customers/{customer_id}/rfi-cases/{case_id}": {
    PUT: ({ t, params, json }) => putRfiCase(t, params.customer_id!, params.case_id!, json, false),
    PATCH: ({ t, params, json }) => putRfiCase(t, params.customer_id!, params.case_id!, json, true),
  },
};

function advanceClock({ t, json }: Call): Reply {
  const advance = isObject(json) ? json : {};
  const ms =
    advance.advance_ms ?? (typeof advance.advance_seconds === "number" ? advance.advance_seconds * 1000 : undefined);
  if (typeof ms !== "number" || !Number.isFinite(ms) || ms < 0 || ms > CONTROL_LIMITS.advanceMs) {
    return bad(
      `Send { "advance_seconds": N } or { "advance_ms": N } with N from 0 to ` +
        `${CONTROL_LIMITS.advanceMs / 1000} seconds (ten years) a call.`,
    );
  }
  if (t.clock.offset() + ms > CONTROL_LIMITS.clockOffsetMs)
    return bad(
      `The virtual clock runs at most ${CONTROL_LIMITS.clockOffsetMs / 1000} seconds (a hundred years) ahead; ` +
        `POST ${t.prefix}/reset rewinds it.`,
    );
  t.clock.advance(ms);
  return reply(200, { now: iso(t.clock.now()) });
}

function addFault({ t, json }: Call): Reply {
  if (t.faults.size >= CONTROL_LIMITS.faults) {
    return bad(
      `At most ${CONTROL_LIMITS.faults} faults wait at once; DELETE ${t.prefix}/faults, or let some match their ` +
        `requests first.`,
      409,
    );
  }
  try {
    return reply(201, t.faults.add(json));
  } catch (err) {
    if (err instanceof FaultSpecError) return bad(err.message);
    throw err;
  }
}

function setOrderStatus({ t, params, json }: Call): Reply {
  const id = params.transaction_id!;
  const long = tooLong("transaction_id", id);
  if (long) return long;
  const order = t.store.orders.get(canonicalId(id), t.clock.now());
  if (!order) return bad(`No order ${id}.`, 404);
  if (
    !isObject(json) ||
    typeof json.order_status !== "string" ||
    json.order_status === "" ||
    json.order_status.length > CONTROL_LIMITS.orderStatus
  ) {
    return bad(`Send { "order_status": "<value>" }, a value of 1 to ${CONTROL_LIMITS.orderStatus} characters.`);
  }
  order.orderStatus = json.order_status;
  return reply(200, {
    transaction_id: order.transactionId,
    quote_id: order.quoteId,
    order_status: order.orderStatus,
    created_at: iso(order.createdAt),
  });
}

/** The routes as patterns: a variable is one path segment, decoded. */
const MATCHERS = Object.entries(CONTROL_ROUTES).map(([template, methods]) => {
  const names: string[] = [];
  const source = template.replace(/\{([^}]+)\}/g, (_, name: string) => {
    names.push(name);
    return "([^/]+)";
  });
  return { pattern: new RegExp(`^${source}$`), names, methods };
});

/**
 * Answers a control call under the prefix, once `controlGate` let it through (docs/stateful-mock.md lists
 * the routes). Unknown routes are 404, known routes with another method 405; bad input is 400 `{ error }`,
 * an input over its bound (limits.ts) 400, 409 or 413 naming the bound.
 */
export function control(t: ControlTarget, method: string, path: string, query: string, body: Uint8Array): Reply {
  // The prefix alone or with a slash after it names the API's root, as a trailing slash names any route.
  const route = path.slice(t.prefix.length).replace(/\/+$/, "");
  const parsed = parseJson(body);
  if ("error" in parsed) return parsed.error;
  for (const { pattern, names, methods } of MATCHERS) {
    const match = pattern.exec(route);
    if (!match) continue;
    const handler = methods[method.toUpperCase()];
    if (!handler) {
      const allowed = Object.keys(methods).join(", ");
      return reply(405, { error: `${route || "/"} takes ${allowed}.` }, { Allow: allowed });
    }
    const params = Object.fromEntries(names.map((name, i) => [name, segment(match[i + 1]!)]));
    return handler({ t, method, params, query: new URLSearchParams(query), json: parsed.value });
  }
  return bad(
    `No control route ${route.length > 100 ? `${route.slice(0, 100)}...` : route} (see GET ${t.prefix}).`,
    404,
  );
}
