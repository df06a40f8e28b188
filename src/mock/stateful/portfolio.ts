import { UUID_V4, canonicalId } from "./ids.ts";
import {
  type HandlerEnv,
  type OperationInput,
  type Problem,
  type StatefulOperation,
  describe,
  headerValue,
} from "./operation.ts";
import { type Reply, portfolioError, reply } from "./reply.ts";
import { canonicalJson } from "./store.ts";

const invalid = (problems: readonly Problem[], now: number) =>
  portfolioError(
    400,
    problems.some((p) => p.keyword === "required") ? "MISSING_FIELD" : "VALIDATION_ERROR",
    `Invalid request: ${describe(problems)}.`,
    now,
  );

/** PORTFOLIO_NOT_FOUND for a portfolio outside the configured set (every one exists by default). */
function unknownPortfolio(input: OperationInput, { options, clock }: HandlerEnv): Reply | undefined {
  const id = input.params.portfolio_id!;
  if (options.portfolios && !options.portfolios.includes(id))
    return portfolioError(404, "PORTFOLIO_NOT_FOUND", `No portfolio ${id}.`, clock.now());
  return undefined;
}

/** Portfolio quote: from_asset and to_asset objects and exactly one amount, else 400; 200 with valid_until. */
export const createPortfolioQuote: StatefulOperation = {
  refuse: (_input, problems, { clock }) => invalid(problems, clock.now()),
  handle(input, env) {
    const { store, clock, options, newId } = env;
    const refused = unknownPortfolio(input, env);
    if (refused) return refused;
    const now = clock.now();
    const body = input.body as Record<string, unknown>;
    const missingAsset = (["from_asset", "to_asset"] as const).filter((f) => body[f] === undefined);
    if (missingAsset.length) return portfolioError(400, "MISSING_FIELD", `Missing ${missingAsset.join(" and ")}.`, now);
    const [a, b] = options.portfolioAmountFields;
    const given = [a, b].filter((f) => body[f] !== undefined && body[f] !== null);
    if (given.length === 0)
      return portfolioError(400, "MISSING_FIELD", `Give exactly one amount, ${a} or ${b}; neither was sent.`, now);
    if (given.length === 2)
      return portfolioError(400, "VALIDATION_ERROR", `Give exactly one amount, ${a} or ${b}; both were sent.`, now);
    const quote = {
      quoteId: newId(),
      portfolioId: input.params.portfolio_id!,
      issuedAt: now,
      expiresAt: now + options.portfolioQuoteLifetimeSeconds * 1000,
    };
    store.addPortfolioQuote(quote);
    return reply(200, { quote_id: quote.quoteId, valid_until: new Date(quote.expiresAt).toISOString() });
  },
};

/** The hedge itself, once the key has been dealt with. */
function hedge(input: OperationInput, { store, clock, options, newId }: HandlerEnv): Reply {
  const now = clock.now();
  const portfolioId = input.params.portfolio_id!;
  const quoteId = (input.body as Record<string, unknown>).quote_id;
  if (quoteId === undefined) return portfolioError(400, "MISSING_FIELD", "Missing quote_id.", now);
  const quote = typeof quoteId === "string" ? store.portfolioQuote(canonicalId(quoteId), now) : undefined;
  if (!quote || quote.portfolioId !== portfolioId)
    return portfolioError(404, "QUOTE_NOT_FOUND", `No quote ${String(quoteId)} in this portfolio.`, now);
  if (quote.conversionId)
    return portfolioError(409, "QUOTE_ALREADY_HEDGED", `Quote ${quote.quoteId} was already hedged.`, now);
  if (now >= quote.expiresAt)
    return portfolioError(
      409,
      "QUOTE_EXPIRED",
      `Quote ${quote.quoteId} expired at ${new Date(quote.expiresAt).toISOString()}.`,
      now,
    );
  const conversionId = newId();
  const body = { [options.hedgeIdField]: conversionId };
  store.addHedge({ conversionId, portfolioId, quoteId: quote.quoteId, createdAt: now, body }, quote, now);
  return reply(options.hedgeStatus, body);
}

/**
 * Portfolio hedge: the Idempotency-Key (a UUID v4) is kept 24 hours; the same key with the same
 * parameters replays the original answer, with other parameters 409. Then QUOTE_NOT_FOUND (404),
 * QUOTE_ALREADY_HEDGED or QUOTE_EXPIRED (409).
 */
export const createPortfolioHedge: StatefulOperation = {
  refuse: (_input, problems, { clock }) => invalid(problems, clock.now()),
  handle(input, env) {
    const { store, clock, options } = env;
    const refused = unknownPortfolio(input, env);
    if (refused) return refused;
    const now = clock.now();
    const sent = headerValue(input.headers, "Idempotency-Key")!;
    if (!UUID_V4.test(sent))
      return portfolioError(400, "VALIDATION_ERROR", "The Idempotency-Key must be a UUID v4.", now);
    const key = canonicalId(sent);
    const portfolioId = input.params.portfolio_id!;
    const parameters = canonicalJson(input.body);
    const bound = store.hedgeKey(portfolioId, key, now);
    if (bound) {
      if (bound.parameters === parameters) return bound.reply;
      return portfolioError(
        409,
        options.hedgeKeyConflictCode,
        "This Idempotency-Key was used within 24 hours with different parameters.",
        now,
      );
    }
    const answer = hedge(input, env);
    if (answer.status < 300 || options.hedgeKeyBindsRefusals)
      store.bindHedgeKey(portfolioId, key, { portfolioId, parameters, reply: answer, boundAt: now });
    else store.unbindHedgeKey(portfolioId, key);
    return answer;
  },
};

/** Read a hedge by conversion_id: malformed 400, unknown (or another portfolio's) HEDGE_NOT_FOUND. */
export const getPortfolioHedge: StatefulOperation = {
  refuse: (_input, problems, { clock }) => invalid(problems, clock.now()),
  handle(input, env) {
    const { store, clock, options } = env;
    const refused = unknownPortfolio(input, env);
    if (refused) return refused;
    const id = input.query.conversion_id as string;
    if (options.conversionIdPattern && !options.conversionIdPattern.test(id)) {
      return portfolioError(400, "VALIDATION_ERROR", `conversion_id ${JSON.stringify(id)} is malformed.`, clock.now());
    }
    const found = store.hedges.get(canonicalId(id), clock.now());
    if (!found || found.portfolioId !== input.params.portfolio_id)
      return portfolioError(404, "HEDGE_NOT_FOUND", `No hedge ${id} in this portfolio.`, clock.now());
    return reply(200, found.body);
  },
};
