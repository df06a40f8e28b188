// The request target, read once (src/signing/canonicalPath.ts, shared with the signer): the path the front
// authenticates is the path Prism and the stateful mode route, or the request is refused before anything else.
export { PATH_PROBLEMS, readTarget, type PathProblem, type TargetReading } from "../../signing/canonicalPath.ts";

/** Portfolio conversions authenticate with a bearer token, not a signature; every other path is signed. */
const BEARER_ROUTE = /^\/v1\/portfolios\/[^/]+\/conversions\/(?:quote|hedge)$/;

/** Whether a path read by readTarget is a portfolio route, which takes a bearer token instead of a signature. */
export const isBearerRoute = (path: string) => BEARER_ROUTE.test(path);
