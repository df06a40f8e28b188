// One symbol for every copy of the package (its ESM and CommonJS builds loaded side by side, a second version,
// another realm): Symbol.for reads the registry all realms share, where `instanceof` knows one copy only.
const BRAND = Symbol.for("financial-operations-api.error");

/**
 * The base of every error the package throws to its users: `isFinancialOperationsError` tells them from
 * errors of fetch, Node or the caller's own code. Each member has its own guard, also across package copies.
 */
export abstract class FinancialOperationsError extends Error {
  static {
    // On the prototype, not on each instance: not enumerable, not copied by a spread, never serialized.
    Object.defineProperty(FinancialOperationsError.prototype, BRAND, { value: true });
  }
}

/** True for an error of this package, also one made by another copy of it or in another realm. */
export const isFinancialOperationsError = (value: unknown): value is FinancialOperationsError =>
  typeof value === "object" && value !== null && (value as { [BRAND]?: unknown })[BRAND] === true;

/**
 * The guard of one member: the package's brand and the member's name. A name alone is not enough: a DOMException
 * named "TimeoutError" (AbortSignal.timeout) is not this package's TimeoutError.
 */
export const guardOf =
  <T extends FinancialOperationsError>(name: T["name"]) =>
  (value: unknown): value is T =>
    isFinancialOperationsError(value) && value.name === name;
