/** True for an Error of this class or one with its name from another realm (worker, vm, second copy of the package). */
export function isNamedError<T extends Error>(
  value: unknown,
  type: abstract new (...args: never[]) => T,
  name: string,
): value is T {
  // Not `instanceof Object`: an object from a vm context is not an instance of this realm's Object.
  return (
    value instanceof type || ((value as { name?: unknown } | null)?.name === name && "message" in (value as object))
  );
}
