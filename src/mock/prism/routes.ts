// The mock's own routing over the document's operations, by Prism's rules (@stoplight/prism-http's router): a path
// matches a template fragment by fragment (each percent-decoded; a templated fragment matches what its pattern finds
// anywhere in it), a template without variables wins over one with them, and among the rest the one whose leading
// fragments match best. The front answers 404 and 405 from it, and hands Prism the one operation it found.

/** What routing needs of an operation: Prism's own objects carry these (and more). */
export interface RoutedOperation {
  method: string;
  path: string;
}

export type Routing<O extends RoutedOperation> =
  | { kind: "operation"; operation: O }
  | { kind: "no-path" }
  /** The path exists without this method: `allow` lists the methods it has, as an Allow value. */
  | { kind: "no-method"; allow: string };

interface Template {
  fragments: Array<string | RegExp>;
  templated: boolean;
}

const METHOD_ORDER = ["GET", "PUT", "POST", "DELETE", "OPTIONS", "HEAD", "PATCH", "TRACE"];

/** A fragment as Prism reads it: percent-decoded, or as sent when that fails. */
function decoded(fragment: string): string {
  try {
    return decodeURIComponent(fragment);
  } catch {
    return fragment;
  }
}

const isTemplated = (fragment: string) => /{(.+)}/.test(fragment);

/** Prism's pattern for a templated fragment: the literal text around `(.*)`, not anchored. */
const patternOf = (fragment: string) =>
  new RegExp(fragment.replace(/[.*+?^${}()|[\]\\]/g, "\\$&").replace(/\\\{[^\\]+\\\}/g, "(.*)"));

/** How well a template's leading fragments match the raw path (Prism's ordering among templated matches). */
function score(template: string, path: string): number {
  const ours = template.split("/");
  const theirs = path.split("/");
  let points = 0;
  for (let i = 0; i < ours.length; i++) {
    if (ours[i] === theirs[i]) points++;
    else if (isTemplated(ours[i]!)) points += 0.5;
    else break;
  }
  return points;
}

/** Routes requests to the operations; built once per document. */
export function createRouter<O extends RoutedOperation>(operations: readonly O[]) {
  const templates = new Map<string, Template>();
  const compiled = (path: string) => {
    let t = templates.get(path);
    if (!t) {
      const fragments = path
        .split("/")
        .slice(1)
        .map((f) => (isTemplated(f) ? patternOf(f) : decoded(f)));
      t = { fragments, templated: fragments.some((f) => f instanceof RegExp) };
      templates.set(path, t);
    }
    return t;
  };
  // Prism sorts the operations by score (a stable sort, ascending) and reverses the result: of equal scores, the
  // later operation comes first.
  const ordered = [...operations].reverse().map((operation) => ({ operation, template: compiled(operation.path) }));
  const methodOrder = (m: string) => METHOD_ORDER.indexOf(m);

  function matches(t: Template, fragments: readonly string[]): boolean {
    if (t.fragments.length !== fragments.length) return false;
    return t.fragments.every((f, i) => (typeof f === "string" ? f === fragments[i] : f.test(fragments[i]!)));
  }

  return function route(method: string, path: string): Routing<O> {
    const fragments = path.split("/").slice(1).map(decoded);
    const found = ordered.filter((o) => matches(o.template, fragments));
    if (found.length === 0) return { kind: "no-path" };
    const wanted = method.toUpperCase();
    const withMethod = found.filter((o) => o.operation.method.toUpperCase() === wanted);
    if (withMethod.length === 0) {
      const methods = [...new Set(found.map((o) => o.operation.method.toUpperCase()))];
      return { kind: "no-method", allow: methods.sort((x, y) => methodOrder(x) - methodOrder(y)).join(", ") };
    }
    const best =
      withMethod.find((o) => !o.template.templated) ??
      withMethod.reduce((a, b) => (score(b.operation.path, path) > score(a.operation.path, path) ? b : a));
    return { kind: "operation", operation: best.operation };
  };
}
