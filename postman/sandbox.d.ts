// What postman/prerequest.js uses of the script sandbox that Postman and newman run it in: the `pm` object and the
// sandbox's crypto-js (neither ships types for them; @types/postman-collection types the request).
declare const pm: {
  variables: { get(name: string): unknown; replaceIn(text: string): string };
  collectionVariables: { get(name: string): string | undefined; set(name: string, value: string): void };
  request: import("postman-collection").Request;
};

declare module "crypto-js" {
  interface WordArray {
    sigBytes: number;
    toString(encoder?: Encoder): string;
  }
  interface Encoder {
    parse(text: string): WordArray;
  }
  export const enc: { Base64: Encoder; Hex: Encoder; Utf8: Encoder };
  export function SHA256(message: string | WordArray): WordArray;
  export function HmacSHA256(message: string | WordArray, key: string | WordArray): WordArray;
}
