// Small statistics shared by the benchmarks.

export const median = (xs: readonly number[]): number => quantile(xs, 0.5);

/** The value below which a fraction `q` of the samples fall (nearest rank). */
export function quantile(xs: readonly number[], q: number): number {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))]!;
}

/**
 * The list started at a different place each round (and reversed every other round), so no variant always runs
 * first or last.
 */
export function rotate<T>(items: readonly T[], round: number): T[] {
  const k = round % items.length;
  const turned = [...items.slice(k), ...items.slice(0, k)];
  return Math.floor(round / items.length) % 2 ? turned.reverse() : turned;
}

/** Prints `label  1.23x` with its target (a ceiling, or a floor when `atLeast`) and whether it is met. */
export function ratioLine(label: string, ratio: number, bracketed?: number, target?: number, atLeast = false): void {
  const extra = bracketed === undefined ? "" : ` (${bracketed.toFixed(2)}x)`;
  const met = target !== undefined && (atLeast ? ratio >= target : ratio <= target);
  const goal =
    target === undefined ? "" : `  target ${atLeast ? ">=" : "<="} ${target.toFixed(2)}x: ${met ? "met" : "NOT met"}`;
  console.log(`  ${label.padEnd(46)} ${ratio.toFixed(2)}x${extra}${goal}`);
}
