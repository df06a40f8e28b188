import type { components, operations } from "../../generated/types.ts";
import type { ApiClient } from "../client/types.ts";
import { InvalidRfiQueryError } from "../errors/InvalidRfiQueryError.ts";
import { RfiCaseNotFoundError } from "../errors/RfiCaseNotFoundError.ts";
import { dataOrThrow } from "./result.ts";

export type RfiCase = components["schemas"]["RfiCase"];
type ListQuery = NonNullable<operations["listRfiCases"]["parameters"]["query"]>;
/** The list filters, passed through as given (combined with AND by the service). */
export type RfiCaseFilters = Omit<ListQuery, "page" | "size">;

/** Largest page size the reference allows. */
export const MAX_RFI_PAGE_SIZE = 100;

export interface RfiCasePagesOptions {
  customerId: string;
  filters?: RfiCaseFilters;
  /** Cases per page, 1 to 100. Default 100 (fewest requests). */
  size?: number;
  /** First page to read, from 1. Default 1. */
  firstPage?: number;
  signal?: AbortSignal;
}

/** One page of the case list. */
export interface RfiCasePage {
  page: number;
  size: number;
  list: RfiCase[];
  /** Cases matching the filters over all pages, as this page reported it. */
  total: number;
}

/** The reference's paging rule, one place for the list helpers and the poller. */
export function checkPaging(size: number, page: number): void {
  if (!Number.isInteger(size) || size < 1 || size > MAX_RFI_PAGE_SIZE)
    throw new InvalidRfiQueryError("size", `size is ${size}: give a whole number from 1 to ${MAX_RFI_PAGE_SIZE}.`);
  if (!Number.isInteger(page) || page < 1)
    throw new InvalidRfiQueryError("page", `page is ${page}: give a whole number from 1.`);
}

/**
 * Reads every page of the customer's RFI cases, one request per page, until a short or empty page
 * or `total` is reached. Filters are passed through unchanged.
 * @throws InvalidRfiQueryError before any request for a size outside 1..100 or a page below 1.
 * @throws ApiError for an error response.
 */
export async function* rfiCasePages(
  client: ApiClient,
  options: RfiCasePagesOptions,
): AsyncGenerator<RfiCasePage, void, undefined> {
  const size = options.size ?? MAX_RFI_PAGE_SIZE;
  let page = options.firstPage ?? 1;
  checkPaging(size, page);
  let read = (page - 1) * size;
  for (;;) {
    const result = await client.GET("/v1/customers/{customer_id}/rfi-cases", {
      params: { path: { customer_id: options.customerId }, query: { ...options.filters, page, size } },
      signal: options.signal,
    });
    const { list, total } = dataOrThrow(result);
    yield { page, size, list, total };
    read += list.length;
    if (list.length < size || read >= total) return;
    page++;
  }
}

/** Every case of every page, in the order the service lists them. */
export async function* rfiCases(
  client: ApiClient,
  options: RfiCasePagesOptions,
): AsyncGenerator<RfiCase, void, undefined> {
  for await (const page of rfiCasePages(client, options)) yield* page.list;
}

export interface RfiCaseRef {
  customerId: string;
  caseId: string;
  signal?: AbortSignal;
}

/**
 * Reads one case through the list's exact `case_id` filter (the single-case path is not shown in
 * the reference). Undefined when the list does not return it.
 * @throws InvalidRfiQueryError before any request for an empty case id.
 */
export async function getRfiCase(
  client: ApiClient,
  { customerId, caseId, signal }: RfiCaseRef,
): Promise<RfiCase | undefined> {
  if (typeof caseId !== "string" || caseId === "")
    throw new InvalidRfiQueryError("case_id", "case_id is empty: give the case to read.");
  const result = await client.GET("/v1/customers/{customer_id}/rfi-cases", {
    params: { path: { customer_id: customerId }, query: { case_id: caseId } },
    signal,
  });
  // An exact-match filter: anything else in the answer is not this case.
  return dataOrThrow(result).list.find((c) => c.case_id === caseId);
}

/**
 * For an RFI webhook: reads the case the event is about, as it is now, before the caller decides
 * anything (the reference's rule). The event's name and payload are not shown, so the caller passes
 * the customer_id and case_id it takes from its own payload; the event itself is never trusted.
 * @throws RfiCaseNotFoundError when the list filtered by case_id does not return the case.
 */
export async function handleRfiWebhook(client: ApiClient, ref: RfiCaseRef): Promise<RfiCase> {
  const found = await getRfiCase(client, ref);
  if (!found) throw new RfiCaseNotFoundError(ref.customerId, ref.caseId);
  return found;
}
