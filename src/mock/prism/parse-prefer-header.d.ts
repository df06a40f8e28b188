// parse-prefer-header (the parser Prism's own server uses) ships no types.
declare module "parse-prefer-header" {
  /** The preferences of a Prefer header by camel-cased name: a value's text, or true for a bare token. */
  function parsePreferHeader(prefer: string | string[] | undefined): Record<string, string | true>;
  export default parsePreferHeader;
}
