import { FinancialOperationsError, guardOf } from "./FinancialOperationsError.ts";

const NAME = "PageLimitReachedError";

/** Made by resolveExecuteOutcome (among its `listErrors`) when a list kept sending pages past `maxPages`. */
export class PageLimitReachedError extends FinancialOperationsError {
  override readonly name = NAME;
  readonly limit: number;

  constructor(list: string, limit: number) {
    super(`${list} did not end within ${limit} pages; narrow the filters or raise maxPages.`);
    this.limit = limit;
  }
}

/** True for a PageLimitReachedError, also one made by another copy of the package. */
export const isPageLimitReachedError: (value: unknown) => value is PageLimitReachedError =
  /* @__PURE__ */ guardOf(NAME);
