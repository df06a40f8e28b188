// What each generated-client driver sends through the signing fetch; customer ids differ per client, so no two
// requests sign the same string within a second (the mock refuses a replayed signature).
export const FILE_BYTES = new Uint8Array([
  0x25, 0x50, 0x44, 0x46, 0x00, 0xff, 0xfe, 0x80, 0x0d, 0x0a, 0x7b, 0x7d, 0xc3, 0x28, 0x01,
]);
export const MIME_TYPE = "application/pdf";
export const DISPOSITION = 'attachment; filename="memorandum.pdf"';
export const QUOTE_BODY = { from_asset: { asset: "USDC" }, to_asset: { asset: "EUR" }, pay_amount: "1000.00" };
export const PORTFOLIO_QUOTE_BODY = { from_asset: { asset: "USDC" }, to_asset: { asset: "EUR" }, amount: "10.00" };
export const RFI_STATUSES = ["ACTION_REQUIRED", "PENDING_REVIEW"] as const;

/** What a driver reports: the HTTP status of each call, and values the generated client parsed. */
export interface DriverResult {
  statuses: Record<string, number>;
  total: number;
  quoteId: string;
}
