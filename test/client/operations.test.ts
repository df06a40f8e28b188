// The client's table of special operations agrees with the document, so none is missed.
import { expect, test } from "vitest";
import { executeQuote, idempotencyKeyOperations, isPortfolioPath } from "../../src/client/operations.ts";
import { deref, listOperations, loadBundle } from "../helpers/document.ts";

const doc = loadBundle();
const ops = listOperations(doc);

test("exactly the operations with an Idempotency-Key header parameter are keyed", () => {
  const keyed = ops
    .filter(({ op }) =>
      (op.parameters ?? []).some(
        (p: unknown) => deref(doc, p).in === "header" && deref(doc, p).name === "Idempotency-Key",
      ),
    )
    .map(({ method, path }) => `${method.toUpperCase()} ${path}`);
  expect(new Set(keyed)).toEqual(idempotencyKeyOperations);
});

test("Execute Quote is the executeQuote operation of the document", () => {
  const op = ops.find((o) => o.operationId === "executeQuote")!;
  expect(`${op.method.toUpperCase()} ${op.path}`).toBe(executeQuote);
});

test("portfolio paths are those whose operations use the portfolio bearer scheme", () => {
  for (const { path, op } of ops) {
    const schemes = (op.security ?? doc.security).flatMap((s: object) => Object.keys(s));
    expect(isPortfolioPath(path), path).toBe(schemes.includes("PortfolioBearer"));
  }
});
