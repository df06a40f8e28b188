import type { components } from "../../generated/types.ts";

/** Application codes of the customer-scoped conversion endpoints (flat envelope `code`), and 00020008. */
export type ConversionErrorCode = components["schemas"]["ConversionErrorCode"];
/** `error.code` of the portfolio variant's error body. */
export type PortfolioErrorCode = components["schemas"]["PortfolioErrorCode"];
/** Which of the four error bodies a response carried; `unknown` when none matched. */
export type ErrorEnvelope = "flat" | "legacy-auth" | "v2" | "portfolio" | "unknown";
