import { isoSeconds } from "./clock.ts";
import { canonicalId } from "./ids.ts";
import { type StatefulOperation, describe } from "./operation.ts";
import { flatError, reply } from "./reply.ts";

/** The reference's quote lifetime (customer-scoped): 30 seconds. */
export const QUOTE_LIFETIME_MS = 30_000;

/** Create Quote: exactly one of the two amount fields, else 00000001; a 201 quote that lives 30 s. */
export const createQuote: StatefulOperation = {
  refuse: (input, problems, { clock }) =>
    flatError(400, "00000002", `Invalid payload or parameters: ${describe(problems)}.`, input.path, clock.now()),
  handle(input, { store, clock, options, newId }) {
    const body = input.body as Record<string, unknown>;
    const [a, b] = options.amountFields;
    const given = [a, b].filter((f) => body[f] !== undefined && body[f] !== null);
    if (given.length !== 1) {
      const what = given.length === 0 ? "neither" : "both";
      return flatError(
        400,
        "00000001",
        `Give exactly one amount, ${a} or ${b}; ${what} was sent.`,
        input.path,
        clock.now(),
      );
    }
    const now = clock.now();
    const quote = {
      quoteId: newId(),
      customerId: input.params.customer_id!,
      issuedAt: now,
      expiresAt: now + QUOTE_LIFETIME_MS,
    };
    store.addQuote(quote);
    const end = new Date(quote.expiresAt).toISOString();
    return reply(201, { quote_id: quote.quoteId, expire_time: end, valid_until_timestamp: end });
  },
};

/**
 * Execute Quote: the quote must exist, be this customer's and be within its 30 s (else 00020001);
 * a second execute is 409 00000006 whatever the time; the Idempotency-Key has no effect.
 */
export const executeQuote: StatefulOperation = {
  refuse: (input, problems, { clock }) =>
    flatError(400, "00000010", `Invalid request format: ${describe(problems)}.`, input.path, clock.now()),
  handle(input, { store, clock, newId }) {
    const customerId = input.params.customer_id!;
    const quoteId = (input.body as { quote_id: string }).quote_id;
    const now = clock.now();
    const quote = store.quote(canonicalId(quoteId), now);
    // Another customer's quote is reported exactly like an unknown one.
    if (!quote || quote.customerId !== customerId)
      return flatError(400, "00020001", `No quote ${quoteId} for this customer.`, input.path, now);
    if (quote.transactionId)
      return flatError(409, "00000006", `Quote ${quoteId} was already consumed.`, input.path, now);
    if (now >= quote.expiresAt)
      return flatError(400, "00020001", `Quote ${quoteId} expired at ${isoSeconds(quote.expiresAt)}.`, input.path, now);
    const order = { transactionId: newId(), customerId, quoteId, createdAt: now, orderStatus: "PENDING" };
    store.addOrder(order, quote, now);
    return reply(201, { transaction_id: order.transactionId, order_status: order.orderStatus });
  },
};

/** Get Conversion: this customer's order by transaction_id, with its quote_id; anyone else's is 404. */
export const getConversion: StatefulOperation = {
  refuse: (input, problems, { clock }) =>
    flatError(400, "00000002", `Invalid parameters: ${describe(problems)}.`, input.path, clock.now()),
  handle(input, { store, clock, options }) {
    const id = input.query.transaction_id as string;
    if (options.transactionIdPattern && !options.transactionIdPattern.test(id)) {
      return flatError(400, "00000002", `transaction_id ${JSON.stringify(id)} is malformed.`, input.path, clock.now());
    }
    const order = store.orders.get(canonicalId(id), clock.now());
    if (!order || order.customerId !== input.params.customer_id)
      return flatError(404, "00000005", `No conversion for transaction_id ${id}.`, input.path, clock.now());
    return reply(200, { quote_id: order.quoteId, order_status: order.orderStatus });
  },
};
