import { canonicalId } from "./ids.ts";
import { type StatefulOperation, describe, headerValue } from "./operation.ts";
import { flatError, reply } from "./reply.ts";

// The reference shows no error code for the 400 and 409 about the key: those answers carry none.

/**
 * Create External Account: the key is bound one-to-one to the account it creates. A key used
 * before, or banking details identical to an account of the customer, is 409; institution_name is
 * resolved from institution_id when left out (400 00020008 when nothing matches).
 */
export const createExternalAccount: StatefulOperation = {
  refuse: (input, problems, { clock }) =>
    flatError(400, undefined, `Invalid request: ${describe(problems)}.`, input.path, clock.now()),
  handle(input, { store, clock, options }) {
    const now = clock.now();
    const key = canonicalId(headerValue(input.headers, "Idempotency-Key")!);
    const details = input.body as Record<string, unknown>;
    const accounts = store.accountsOf(input.params.customer_id!, now);
    if (accounts.has(key)) {
      return flatError(
        409,
        undefined,
        "This Idempotency-Key was used before; read its account with the idempotency_key query.",
        input.path,
        now,
      );
    }
    const fields = options.identicalDetailsFields;
    for (const existing of accounts.values()) {
      if (fields.every((f) => existing.account[f] === details[f])) {
        return flatError(409, undefined, "An external account with identical banking details exists.", input.path, now);
      }
    }
    let institutionName = details.institution_name as string | undefined;
    if (institutionName === undefined) {
      institutionName = options.institutions[details.institution_id as string];
      if (institutionName === undefined) {
        return flatError(
          400,
          "00020008",
          `No institution found for routing code ${JSON.stringify(details.institution_id)}.`,
          input.path,
          now,
        );
      }
    }
    const account = { ...details, institution_name: institutionName };
    store.addAccount({ customerId: input.params.customer_id!, idempotencyKey: key, account, createdAt: now });
    return reply(options.successStatuses.createExternalAccount, account);
  },
};

/** List External Accounts: with idempotency_key, the account bound to that key. */
export const listExternalAccounts: StatefulOperation = {
  refuse: (input, problems, { clock }) =>
    flatError(400, undefined, `Invalid parameters: ${describe(problems)}.`, input.path, clock.now()),
  handle(input, { store, clock, options }) {
    const accounts = store.accountsOf(input.params.customer_id!, clock.now());
    const sent = input.query.idempotency_key as string | undefined;
    const key = sent === undefined ? undefined : canonicalId(sent);
    const status = options.successStatuses.listExternalAccounts;
    if (key === undefined) {
      const list = [...accounts.values()].map((r) => r.account);
      return reply(status, { list, total: list.length });
    }
    const bound = accounts.get(key);
    if (options.externalAccountListShape === "account") {
      return bound
        ? reply(status, bound.account)
        : flatError(404, undefined, "No external account is bound to this Idempotency-Key.", input.path, clock.now());
    }
    return reply(status, { list: bound ? [bound.account] : [], total: bound ? 1 : 0 });
  },
};
