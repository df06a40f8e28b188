/** True for an Error of this class or one with its name from another realm (worker, vm, second copy of the package). */
export function isNamedError<T extends Error>(value: unknown, type: abstract new (...args: never[]) => T, name: string): value is T {
  return value instanceof type || (value instanceof Object && (value as { name?: unknown }).name === name && "message" in value);
}
