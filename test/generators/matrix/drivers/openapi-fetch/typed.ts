// Compiled, never run: the RFI list's success body is typed, so `total` is a number (not any, not unknown).
import createClient from "openapi-fetch";
import type { paths } from "./client/schema.js";

export async function typedTotal(): Promise<number> {
  const { data } = await createClient<paths>().GET("/v1/customers/{customer_id}/rfi-cases", {
    params: { path: { customer_id: "c" } },
  });
  if (!data) return 0;
  const total: number = data.total;
  // @ts-expect-error total is a number, not a string
  const wrong: string = data.total;
  return total + wrong.length;
}
