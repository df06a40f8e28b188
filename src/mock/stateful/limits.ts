/**
 * Bounds of every control input, so no caller can grow the mock's memory through the control API; each
 * refusal is a 4xx whose message names the bound. docs/stateful-mock.md lists them.
 */
export const CONTROL_LIMITS = {
  /** Bytes of a control request body. */
  bodyBytes: 64 * 1024,
  /** Faults waiting for their requests at once. */
  faults: 100,
  /** Characters of a fault's `path`. */
  faultPath: 2048,
  /** Characters of a fault's `code`. */
  faultCode: 64,
  /** Characters of an order_status set through the control API. */
  orderStatus: 64,
  /** Characters of a customer_id, case_id or transaction_id in a control path or query. */
  id: 256,
  /** RFI cases held over every customer, seeded ones included. */
  rfiCases: 10_000,
  /** One clock advance: ten years. */
  advanceMs: 10 * 366 * 86_400_000,
  /** The clock's whole offset from real time: a hundred years. */
  clockOffsetMs: 100 * 366 * 86_400_000,
} as const;
