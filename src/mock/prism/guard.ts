// When Prism fails on a request: a rejection, no answer in time, or a throw it does not catch (a callback, an unawaited
// promise) answers that request with a 500 in the path's envelope, and the mock keeps serving the others.
import { AsyncLocalStorage } from "node:async_hooks";
import type http from "node:http";
import { answer } from "../../server/answer.ts";
import { errorBody } from "../../server/envelope.ts";

/** How long Prism may take to answer before the front answers for it. */
export const ANSWER_TIMEOUT_MS = 30_000;

interface Answering {
  res: http.ServerResponse;
  path: string;
  /** Ends the wait for Prism's answer with this failure. */
  fail: (err: unknown) => void;
}

/** The request Prism is answering in the current async context: a throw Prism does not catch belongs to it. */
const answering = new AsyncLocalStorage<Answering>();

/** Answers for Prism: a 500 in the path's envelope, or a cut connection when an answer had begun. */
export function prismFailed(res: http.ServerResponse, path: string, err: unknown) {
  if (res.writableEnded || res.destroyed) return;
  if (res.headersSent) return void res.destroy();
  const name = err instanceof Error ? err.name : typeof err;
  answer(
    res.req,
    res,
    500,
    errorBody({ status: 500, path, detail: `The mock failed on this request (Prism: ${name}).`, now: new Date() }),
    { Connection: "close" },
  );
}

/**
 * What `produce` answers for the request of `res`, or undefined when it failed and a 500 went out instead (it
 * rejected, took longer than ANSWER_TIMEOUT_MS, or threw where only guardProcess could catch it).
 */
export async function answerFor<T>(
  res: http.ServerResponse,
  path: string,
  produce: () => Promise<T>,
): Promise<T | undefined> {
  let timer: NodeJS.Timeout | undefined;
  let fail: (err: unknown) => void = () => {};
  const failure = new Promise<never>((_, reject) => {
    fail = reject;
    timer = setTimeout(() => reject(new Error(`no answer within ${ANSWER_TIMEOUT_MS / 1000} s`)), ANSWER_TIMEOUT_MS);
  });
  try {
    return await Promise.race([answering.run({ res, path, fail }, produce), failure]);
  } catch (err) {
    prismFailed(res, path, err);
    return undefined;
  } finally {
    clearTimeout(timer);
  }
}

let guarded = false;

/**
 * In the mock's process: a throw nothing catches while Prism answers a request answers that request with a 500, and
 * the mock keeps serving, where it would end the process. One outside any request still ends the process, with `log`
 * saying why.
 */
export function guardProcess(log: (line: string) => void) {
  if (guarded) return;
  guarded = true;
  const rescue = (err: unknown) => {
    const context = answering.getStore();
    const what = err instanceof Error ? `${err.name}: ${err.message}` : String(err);
    if (!context) {
      log(`Fatal error in the mock: ${what}`);
      process.exit(1);
    }
    const outcome = context.res.headersSent ? "after its answer had begun" : "answered 500";
    log(`Prism failed on ${context.res.req.method} ${context.path}; ${outcome} (${what.slice(0, 200)})`);
    context.fail(err);
  };
  process.on("uncaughtException", rescue);
  process.on("unhandledRejection", rescue);
}
