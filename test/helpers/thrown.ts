// What a synchronous call threw, for tests that read an error's message.

/** The message of the error `f` throws; fails the test when `f` returns instead. */
export function messageOf(f: () => unknown): string {
  try {
    f();
  } catch (err) {
    return (err as Error).message;
  }
  throw new Error("did not throw");
}
