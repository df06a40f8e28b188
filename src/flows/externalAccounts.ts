import type { components } from "../../generated/types.ts";
import type { ApiClient } from "../client/types.ts";
import { ExternalAccountNotRecoveredError } from "../errors/ExternalAccountNotRecoveredError.ts";
import { InvalidIdempotencyKeyError } from "../errors/InvalidIdempotencyKeyError.ts";
import { normalizeError } from "../errors/normalizeError.ts";

export type BankAccountDetails = components["schemas"]["BankAccountDetails"];
export type ExternalAccount = components["schemas"]["ExternalAccount"];
/** The answer of the list read by `idempotency_key`; its shape is not shown in the reference. */
export type ExternalAccountLookup = components["schemas"]["ExternalAccountList"];

const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i;

export interface CreateExternalAccountInput {
  customerId: string;
  account: BankAccountDetails;
  /** A UUID v4 for this one operation; made here when left out. Pass the same key only to retry the same creation. */
  idempotencyKey?: string;
  /**
   * Further POSTs with the same key after a call ends without an answer (beyond the client's own retries). Default 1.
   */
  timeoutRetries?: number;
  signal?: AbortSignal;
}

export type CreateExternalAccountResult =
  | { status: "created"; account: ExternalAccount; idempotencyKey: string; attempts: number }
  /**
   * The creation answered 409 or had no answer, and the account bound to the key was read back. The
   * lookup's response shape is not shown, so `lookup` is the body as received. A 409 on the very
   * first attempt with a fresh key means identical banking details exist elsewhere: the key may have
   * no account bound to it (`after: "conflict"`, `attempts: 1`).
   */
  | {
      status: "recovered";
      lookup: ExternalAccountLookup;
      idempotencyKey: string;
      attempts: number;
      after: "conflict" | "unknown-outcome";
    };

/** Reads the account bound to an Idempotency-Key (the `idempotency_key` query of the list). */
export async function findExternalAccountByKey(
  client: ApiClient,
  customerId: string,
  idempotencyKey: string,
  signal?: AbortSignal,
): Promise<ExternalAccountLookup> {
  const result = await client.GET("/v1/customers/{customer_id}/external-accounts", {
    params: { path: { customer_id: customerId }, query: { idempotency_key: idempotencyKey } },
    signal,
  });
  if (!result.response.ok) throw normalizeError(result);
  return result.data;
}

/**
 * Creates an external account under one Idempotency-Key that every retry reuses. A call that ends
 * without an answer (timeout, network error) is sent again with the same key; a 409, or no answer
 * after the last try, is resolved by reading the account bound to the key, never by a new key.
 * @throws InvalidIdempotencyKeyError before any request for a given key that is not a UUID v4.
 * @throws ExternalAccountNotRecoveredError when the account bound to the key cannot be read after a 409 or an unknown
 * outcome.
 * @throws ApiError for any other error response (for example 400 00020008: no institution for the routing code).
 */
export async function createExternalAccount(
  client: ApiClient,
  input: CreateExternalAccountInput,
): Promise<CreateExternalAccountResult> {
  const idempotencyKey = input.idempotencyKey ?? globalThis.crypto.randomUUID();
  if (!UUID_V4.test(idempotencyKey)) throw new InvalidIdempotencyKeyError(idempotencyKey);
  const tries = 1 + Math.max(0, input.timeoutRetries ?? 1);
  let after: "conflict" | "unknown-outcome" = "unknown-outcome";
  let attempts = 0;
  const create = () =>
    client.POST("/v1/customers/{customer_id}/external-accounts", {
      params: { path: { customer_id: input.customerId }, header: { "Idempotency-Key": idempotencyKey } },
      body: input.account,
      signal: input.signal,
    });
  while (attempts < tries) {
    attempts++;
    let result: Awaited<ReturnType<typeof create>>;
    try {
      result = await create();
    } catch (error) {
      if (input.signal?.aborted) throw error;
      continue;
    }
    const { data, response } = result;
    if (response.ok) return { status: "created", account: data!, idempotencyKey, attempts };
    if (response.status !== 409) throw normalizeError(result);
    after = "conflict";
    break;
  }
  try {
    const lookup = await findExternalAccountByKey(client, input.customerId, idempotencyKey, input.signal);
    return { status: "recovered", lookup, idempotencyKey, attempts, after };
  } catch (error) {
    throw new ExternalAccountNotRecoveredError(idempotencyKey, after, error);
  }
}
