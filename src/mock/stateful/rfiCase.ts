/** An RFI case as the document describes it (validated against its RfiCase schema on the way in). */
export type RfiCase = {
  case_id: string;
  rfi_status: string;
  subject: { type: string; id: string } & Record<string, unknown>;
  updated_at: string;
} & Record<string, unknown>;

/** Customer id to that customer's cases, in stored order. */
export type RfiCaseSets = Map<string, RfiCase[]>;
