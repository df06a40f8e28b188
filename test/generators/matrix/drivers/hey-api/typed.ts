// Compiled, never run: the RFI list's success body is typed, so `total` is a number (not any, not unknown).
import { listRfiCases } from "./client/index.js";

export async function typedTotal(): Promise<number> {
  const { data } = await listRfiCases({ path: { customer_id: "c" }, throwOnError: true });
  const total: number = data.total;
  // @ts-expect-error total is a number, not a string
  const wrong: string = data.total;
  return total + wrong.length;
}
