// crashesPrism: the form bodies Prism 5.16 would throw on, uncaught: a malformed escape in a field name, a
// multipart part without a name or that its parser cannot read, on operations that take multipart.
import { beforeEach, describe, expect, test } from "vitest";
import { fresh } from "../../signing/fresh.ts";

let m: typeof import("../../../src/mock/request/form.ts");
beforeEach(async () => {
  m = await fresh(() => import("../../../src/mock/request/form.ts"));
});

const SUBMISSIONS = "/v1/customers/c1/rfi-cases/k1/submissions";
const OTHER = "/v1/customers/c1/recipients";
const URLENCODED = "application/x-www-form-urlencoded";
const MULTIPART = "multipart/form-data; boundary=b";
const body = (text: string) => Buffer.from(text);
const multipart = (...parts: string[]) => body(`${parts.map((p) => `--b\r\n${p}\r\n`).join("")}--b--\r\n`);
const named = (name: string) => `Content-Disposition: form-data; name="${name}"\r\n\r\nx`;

describe("crashesPrism, URL-encoded", () => {
  test("finds a malformed escape in a field name", () => {
    expect(m.crashesPrism(URLENCODED, body("a=1&%E0%A4%A=2"), OTHER)).toBe(true);
  });

  test("reads the whole name before '='", () => {
    expect(m.crashesPrism(URLENCODED, body("a%zz=1"), OTHER)).toBe(true);
  });

  test("takes a malformed escape in a value", () => {
    expect(m.crashesPrism(URLENCODED, body("a=%E0%A4%A&b"), OTHER)).toBe(false);
  });

  test("takes well-formed names", () => {
    expect(m.crashesPrism(URLENCODED, body("a%20b=1&c=&d"), OTHER)).toBe(false);
  });

  test("reads the media type without case or parameters", () => {
    expect(m.crashesPrism(" Application/X-WWW-Form-URLEncoded ; charset=utf-8", body("%zz=1"), OTHER)).toBe(true);
  });

  test.each([undefined, "", "application/json", "text/plain", "application/x-www-form-urlencodedx"])(
    "leaves a body of type %j alone",
    (type) => {
      expect(m.crashesPrism(type, body("%zz=1"), OTHER)).toBe(false);
    },
  );
});

describe("crashesPrism, multipart", () => {
  test("takes well-formed parts", () => {
    expect(m.crashesPrism(MULTIPART, multipart(named("a"), named("b%20c")), SUBMISSIONS)).toBe(false);
  });

  test("finds a malformed escape in a part name", () => {
    expect(m.crashesPrism(MULTIPART, multipart(named("a"), named("%E0%A4%A")), SUBMISSIONS)).toBe(true);
  });

  test("finds a part without a name", () => {
    expect(m.crashesPrism(MULTIPART, multipart("Content-Disposition: form-data\r\n\r\nx"), SUBMISSIONS)).toBe(true);
  });

  test("finds a file part the parser cannot read", () => {
    const part = 'Content-Disposition: form-data; name="file"; filename="a.pdf"\r\n\r\nx';
    expect(m.crashesPrism(MULTIPART, multipart(part), SUBMISSIONS)).toBe(true);
  });

  test("reads a quoted boundary", () => {
    expect(m.crashesPrism('multipart/form-data; boundary="b"', multipart(named("%zz")), SUBMISSIONS)).toBe(true);
    expect(m.crashesPrism("multipart/form-data; boundary='b'", multipart(named("a")), SUBMISSIONS)).toBe(false);
  });

  test("reads the boundary among other parameters", () => {
    expect(m.crashesPrism("multipart/form-data; charset=utf-8; boundary=b", multipart(named("%zz")), SUBMISSIONS)).toBe(
      true,
    );
  });

  test("leaves a body without a boundary to Prism, which refuses it itself", () => {
    expect(m.crashesPrism("multipart/form-data", multipart(named("%zz")), SUBMISSIONS)).toBe(false);
    // Parts the parser would find under an empty boundary.
    const parts = body('--\r\nContent-Disposition: form-data; name="%zz"\r\n\r\nx\r\n----\r\n');
    expect(m.crashesPrism("multipart/form-data", parts, SUBMISSIONS)).toBe(false);
  });

  test("reads a boundary with space after '='", () => {
    expect(m.crashesPrism("multipart/form-data; boundary= b", multipart(named("%zz")), SUBMISSIONS)).toBe(true);
  });

  test("strips only the outer quotes of a boundary", () => {
    const inner = (name: string) => body(`--a"b\r\n${named(name)}\r\n--a"b--\r\n`);
    expect(m.crashesPrism('multipart/form-data; boundary=a"b', inner("%zz"), SUBMISSIONS)).toBe(true);
    expect(m.crashesPrism('multipart/form-data; boundary="a"b"', inner("%zz"), SUBMISSIONS)).toBe(true);
  });

  test("reads multipart elsewhere as a URL-encoded form", () => {
    expect(m.crashesPrism(MULTIPART, body("%zz=1"), OTHER)).toBe(true);
    expect(m.crashesPrism(MULTIPART, multipart(named("a")), OTHER)).toBe(false);
  });

  test("knows the operations that take multipart by their path template", () => {
    expect(m.crashesPrism(MULTIPART, body("%zz=1"), `${SUBMISSIONS}/x`)).toBe(true);
    expect(m.crashesPrism(MULTIPART, body("%zz=1"), `/x${SUBMISSIONS}`)).toBe(true);
    expect(m.crashesPrism(MULTIPART, body("%zz=1"), SUBMISSIONS)).toBe(false);
  });
});
