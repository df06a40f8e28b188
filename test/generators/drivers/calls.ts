// What every driver sends: the same calls, so the wire assertions are the same for each generator.
export const CUSTOMER = "c0ffee00-0000-4000-8000-000000000001";
export const CASE = "9b2f6c1a-5d7e-4f80-a1b2-c3d4e5f60718";
export const UPLOAD = { mainAccountId: "m-1", subAccountId: "s-1", documentType: "MEMORANDUM_OF_ASSOCIATION" };

/**
 * Bytes no text encoding survives: NUL, invalid UTF-8, CR LF, a `{}` that a JSON-encoding client would send
 * instead.
 */
export const FILE_BYTES = new Uint8Array([
  0x25, 0x50, 0x44, 0x46, 0x00, 0xff, 0xfe, 0x80, 0x0d, 0x0a, 0x7b, 0x7d, 0xc3, 0x28, 0x01,
]);
export const FILE_NAME = "memorandum.pdf";
export const MIME_TYPE = "application/pdf";
export const DISPOSITION = `attachment; filename="${FILE_NAME}"`;

export const QUOTE_BODY = { from_asset: { asset: "USDC" }, to_asset: { asset: "EUR" }, pay_amount: "1000.00" };
export const RFI_STATUSES = ["ACTION_REQUIRED", "PENDING_REVIEW"] as const;
export const TEXT_PART = { name: "note", value: "Signed by the director." };
export const FILE_PART = "document";

/** What a driver returns: the RFI list's total as the generated client typed and parsed it. */
export interface DriverResult {
  total: number;
}
