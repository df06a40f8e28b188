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

interface Template<O> {
  path: string;
  fragments: Array<string | RegExp>;
  templated: boolean;
  byMethod: Map<string, O>;
  allow: string;
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
  const templates = new Map<string, Template<O>>();
  for (const operation of operations) {
    let template = templates.get(operation.path);
    if (!template) {
      const fragments = operation.path
        .split("/")
        .slice(1)
        .map((f) => (isTemplated(f) ? patternOf(f) : decoded(f)));
      template = {
        path: operation.path,
        fragments,
        templated: fragments.some((f) => f instanceof RegExp),
        byMethod: new Map(),
        allow: "",
      };
      templates.set(operation.path, template);
    }
    template.byMethod.set(operation.method.toUpperCase(), operation);
  }
  for (const t of templates.values())
    t.allow = [...t.byMethod.keys()].sort((a, b) => METHOD_ORDER.indexOf(a) - METHOD_ORDER.indexOf(b)).join(", ");
  // Prism reverses a stable ascending sort by score: of equal scores, the later template comes first.
  const ordered = [...templates.values()].reverse();

  function matches(t: Template<O>, fragments: readonly string[]): boolean {
    if (t.fragments.length !== fragments.length) return false;
    return t.fragments.every((f, i) => (typeof f === "string" ? f === fragments[i] : f.test(fragments[i]!)));
  }

  return function route(method: string, path: string): Routing<O> {
    const fragments = path.split("/").slice(1).map(decoded);
    const found = ordered.filter((t) => matches(t, fragments));
    if (found.length === 0) return { kind: "no-path" };
    const withMethod = found.filter((t) => t.byMethod.has(method.toUpperCase()));
    if (withMethod.length === 0) {
      const allow = [...new Set(found.flatMap((t) => t.allow.split(", ")))].join(", ");
      return { kind: "no-method", allow };
    }
    const best =
      withMethod.find((t) => !t.templated) ??
      withMethod.reduce((a, b) => (score(b.path, path) > score(a.path, path) ? b : a));
    return { kind: "operation", operation: best.byMethod.get(method.toUpperCase())! };
  };
}
