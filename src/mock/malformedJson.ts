import { badRequestBody } from "./badRequest.ts";

const DETAIL = "The request body is not valid JSON.";

/** The 400 for a body that does not parse, in the envelope of the path (see badRequest.ts). */
export function malformedJsonBody(path: string, now: Date): unknown {
  return badRequestBody(path, DETAIL, now);
}
