// Shared by the TypeScript drivers: the scenario (test/generators/matrix/scenario.json, path in MATRIX_SCENARIO),
// the echo server's URL (MATRIX_BASE_URL), and the result line every driver prints, each step on its own.
import { readFileSync } from "node:fs";

export interface Scenario {
  customer_id: string;
  upload: {
    main_account_id: string;
    sub_account_id: string;
    document_type: string;
    file_hex: string;
    mime_type: string;
    content_disposition: string;
  };
  rfi_list: { total: number };
  quote: {
    request: { from_asset: { asset: string }; to_asset: { asset: string }; pay_amount: string };
    unknown_code: string;
  };
  execute: { quote_id: string; new_order_status: string };
}

export const scenario: Scenario = JSON.parse(readFileSync(process.env.MATRIX_SCENARIO ?? "", "utf8"));
export const baseUrl = process.env.MATRIX_BASE_URL ?? "";
export const fileBytes = Uint8Array.from(Buffer.from(scenario.upload.file_hex, "hex"));
/** The caller's file: its bytes and its MIME type, as a Blob carries them. */
export const file = new Blob([fileBytes], { type: scenario.upload.mime_type });

export interface Steps {
  /** Uploads the file to uploadBusinessDocument with the caller's MIME type and Content-Disposition. */
  upload(): Promise<unknown>;
  /** Reads the RFI list and returns its `total` as the client typed it. */
  list(): Promise<number>;
  /** Asks for a quote, gets a 400 whose code the document does not list, returns the decoded code. */
  quote(): Promise<string | undefined>;
  /** Executes a quote, gets an order in a status the document does not list, returns it. */
  execute(): Promise<string | undefined>;
}

/** Runs every step (one failing does not stop the others) and prints the result as the last line. */
export async function report(steps: Steps): Promise<void> {
  const errors: Record<string, string> = {};
  const attempt = async <T>(name: string, fn: () => Promise<T>): Promise<T | undefined> => {
    try {
      return await fn();
    } catch (err) {
      errors[name] = err instanceof Error ? `${err.name}: ${err.message}` : String(err);
      return undefined;
    }
  };
  await attempt("upload", () => steps.upload());
  const total = await attempt("list", () => steps.list());
  const unknown_code = await attempt("quote", () => steps.quote());
  const order_status = await attempt("execute", () => steps.execute());
  console.log(JSON.stringify({ total, unknown_code, order_status, errors }));
}
