// Body descriptions of the signing fixtures, turned into the exact bytes they stand for.
export type BodySpec =
  | { kind: "none" }
  | { kind: "utf8"; text: string }
  | { kind: "hex"; hex: string }
  | { kind: "cycle"; length: number };

/** `undefined` for no body; otherwise the bytes (a `cycle` body is byte i = i mod 256). */
export function bodyBytes(spec: BodySpec): Uint8Array<ArrayBuffer> | undefined {
  switch (spec.kind) {
    case "none":
      return undefined;
    case "utf8":
      return new TextEncoder().encode(spec.text);
    case "hex":
      return new Uint8Array(Buffer.from(spec.hex, "hex"));
    case "cycle":
      return Uint8Array.from({ length: spec.length }, (_, i) => i % 256);
  }
}
