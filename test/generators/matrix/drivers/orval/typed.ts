// Compiled, never run: the RFI list's success body is typed, so `total` is a number (not any, not unknown).
import { listRfiCases } from "./client/api.js";

export async function typedTotal(): Promise<number> {
  const res = await listRfiCases("c");
  if (res.status === 401 || res.status === 429) return 0;
  const total: number = res.data.total;
  // @ts-expect-error total is a number, not a string
  const wrong: string = res.data.total;
  return total + wrong.length;
}
