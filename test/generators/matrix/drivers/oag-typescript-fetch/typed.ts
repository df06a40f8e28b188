// Compiled, never run: the RFI list's success body is typed, so `total` is a number (not any, not unknown).
import { RFICasesApi } from "./client/index.js";

export async function typedTotal(): Promise<number> {
  const list = await new RFICasesApi().listRfiCases({ customerId: "c" });
  const total: number = list.total;
  // @ts-expect-error total is a number, not a string
  const wrong: string = list.total;
  return total + wrong.length;
}
