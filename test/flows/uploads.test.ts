// Document uploads over an injected fetch: raw bytes, headers, file-name encoding, signing over the
// exact bytes, and every bad file refused before a request. Prism-backed checks are in prism.test.ts.
import { describe, expect, test } from "vitest";
import {
  contentDisposition,
  InvalidUploadError,
  uploadBusinessControllerDocument,
  uploadBusinessDocument,
  uploadIndividualDocument,
  type FileInput,
  type InvalidUploadReason,
} from "../../src/index.ts";
import { expectedAuthorization, json, stubClient } from "./helpers.ts";

const pdf = new TextEncoder().encode("%PDF-1.7 memorandum");
const target = { mainAccountId: "acc-main-1", subAccountId: "sub-1", documentType: "MEMORANDUM_OF_ASSOCIATION" };

describe("contentDisposition", () => {
  test.each([
    ["memorandum.pdf", 'attachment; filename="memorandum.pdf"'],
    ["my file (1).pdf", 'attachment; filename="my file (1).pdf"'],
    ['quote"and\\slash.pdf', 'attachment; filename="quote\\"and\\\\slash.pdf"'],
    [
      "Überweisung €.pdf",
      "attachment; filename=\"_berweisung _.pdf\"; filename*=UTF-8''%C3%9Cberweisung%20%E2%82%AC.pdf",
    ],
    ["契約書.pdf", "attachment; filename=\"___.pdf\"; filename*=UTF-8''%E5%A5%91%E7%B4%84%E6%9B%B8.pdf"],
    [
      "100% née's (1).pdf",
      "attachment; filename=\"100_ n_e's (1).pdf\"; filename*=UTF-8''100%25%20n%C3%A9e%27s%20%281%29.pdf",
    ],
    ["😀.png", "attachment; filename=\"_.png\"; filename*=UTF-8''%F0%9F%98%80.png"],
  ])("%s", (name, header) => {
    expect(contentDisposition(name)).toBe(header);
  });
});

describe("uploads", () => {
  test.each([
    [
      "business",
      uploadBusinessDocument,
      target,
      "/v2/accounts/acc-main-1/businesses/sub-1/documents/MEMORANDUM_OF_ASSOCIATION",
    ],
    [
      "business controller",
      uploadBusinessControllerDocument,
      { ...target, controllerId: "ctl-1" },
      "/v2/accounts/acc-main-1/businesses/sub-1/controllers/ctl-1/documents/MEMORANDUM_OF_ASSOCIATION",
    ],
    [
      "individual",
      uploadIndividualDocument,
      { ...target, subAccountId: "sub-2" },
      "/v2/accounts/acc-main-1/individuals/sub-2/documents/MEMORANDUM_OF_ASSOCIATION",
    ],
  ] as const)(
    "%s: PUT of the raw bytes with the MIME type and the file name, signed over those bytes",
    async (_, upload, where, path) => {
      const { client, sent } = stubClient([json(200, {})]);
      await (upload as typeof uploadBusinessControllerDocument)(client, where as never, {
        data: pdf,
        fileName: "Satzung ä.pdf",
        mimeType: "application/pdf",
      });
      const s = sent[0]!;
      expect(s.method).toBe("PUT");
      expect(s.url.pathname).toBe(path);
      expect(s.body).toEqual(pdf);
      expect(s.headers.get("Content-Type")).toBe("application/pdf");
      expect(s.headers.get("Content-Disposition")).toBe(
        "attachment; filename=\"Satzung _.pdf\"; filename*=UTF-8''Satzung%20%C3%A4.pdf",
      );
      expect(s.headers.get("Authorization")).toBe(expectedAuthorization(s));
    },
  );

  test("a File gives its own name and type; bytes of an ArrayBuffer go as they are", async () => {
    const { client, sent } = stubClient([json(200, {})]);
    await uploadBusinessDocument(client, target, {
      data: new File([pdf], "statutes.pdf", { type: "application/pdf" }),
    });
    await uploadBusinessDocument(client, target, {
      data: pdf.buffer.slice(0) as ArrayBuffer,
      fileName: "scan.png",
      mimeType: "image/png",
    });
    expect(sent[0]!.body).toEqual(pdf);
    expect(sent[0]!.headers.get("Content-Disposition")).toBe('attachment; filename="statutes.pdf"');
    expect(sent[0]!.headers.get("Content-Type")).toBe("application/pdf");
    expect(sent[1]!.body).toEqual(pdf);
    expect(sent[1]!.headers.get("Content-Type")).toBe("image/png");
  });

  test("a Blob is sent and signed as its exact bytes", async () => {
    const { client, sent } = stubClient([json(200, {})]);
    const bytes = new Uint8Array(4096).map((_, i) => (i * 31) % 256);
    await uploadIndividualDocument(client, target, {
      data: new Blob([bytes], { type: "image/jpeg" }),
      fileName: "passport.jpg",
    });
    expect(sent[0]!.body).toEqual(bytes);
    expect(sent[0]!.headers.get("Content-Type")).toBe("image/jpeg");
    expect(sent[0]!.headers.get("Authorization")).toBe(expectedAuthorization(sent[0]!));
  });

  test("an error response is thrown as an ApiError of the v2 envelope", async () => {
    const { client } = stubClient([json(401, { errors: [{ type: "UNAUTHORIZED", description: "No credentials" }] })]);
    await expect(
      uploadBusinessDocument(client, target, { data: pdf, fileName: "a.pdf", mimeType: "application/pdf" }),
    ).rejects.toMatchObject({
      name: "ApiError",
      envelope: "v2",
      code: "UNAUTHORIZED",
    });
  });

  const bad: [string, InvalidUploadReason, FileInput][] = [
    [
      "data that is text, not bytes",
      "unsupported-body",
      { data: "%PDF" as unknown as Uint8Array, fileName: "a.pdf", mimeType: "application/pdf" },
    ],
    ["empty bytes", "empty-file", { data: new Uint8Array(0), fileName: "a.pdf", mimeType: "application/pdf" }],
    ["empty Blob", "empty-file", { data: new Blob([]), fileName: "a.pdf", mimeType: "application/pdf" }],
    ["no MIME type", "missing-mime-type", { data: pdf, fileName: "a.pdf" }],
    ["empty MIME type", "missing-mime-type", { data: pdf, fileName: "a.pdf", mimeType: "" }],
    ["Blob without type", "missing-mime-type", { data: new Blob([pdf]), fileName: "a.pdf" }],
    ["MIME type without subtype", "malformed-mime-type", { data: pdf, fileName: "a.pdf", mimeType: "pdf" }],
    ["MIME type with empty subtype", "malformed-mime-type", { data: pdf, fileName: "a.pdf", mimeType: "application/" }],
    ["MIME type with a space", "malformed-mime-type", { data: pdf, fileName: "a.pdf", mimeType: "application/ pdf" }],
    [
      "MIME type with a line break",
      "malformed-mime-type",
      { data: pdf, fileName: "a.pdf", mimeType: "application/pdf\r\nX-Evil: 1" },
    ],
    [
      "MIME parameter without value",
      "malformed-mime-type",
      { data: pdf, fileName: "a.pdf", mimeType: "text/plain; charset" },
    ],
    ["no file name", "missing-file-name", { data: pdf, mimeType: "application/pdf" }],
    ["empty file name", "missing-file-name", { data: pdf, fileName: "", mimeType: "application/pdf" }],
    ["name with a slash", "malformed-file-name", { data: pdf, fileName: "../etc/passwd", mimeType: "application/pdf" }],
    [
      "name with a backslash",
      "malformed-file-name",
      { data: pdf, fileName: "C:\\scan.pdf", mimeType: "application/pdf" },
    ],
    ["name with a NUL", "malformed-file-name", { data: pdf, fileName: "a\u0000.pdf", mimeType: "application/pdf" }],
    [
      "name with a line break",
      "malformed-file-name",
      { data: pdf, fileName: "a\r\n.pdf", mimeType: "application/pdf" },
    ],
    [
      "name with a C1 control",
      "malformed-file-name",
      { data: pdf, fileName: "a\u0085.pdf", mimeType: "application/pdf" },
    ],
    ["name of dots", "malformed-file-name", { data: pdf, fileName: "..", mimeType: "application/pdf" }],
    ["name of spaces", "malformed-file-name", { data: pdf, fileName: "   ", mimeType: "application/pdf" }],
    [
      "name with a lone surrogate",
      "malformed-file-name",
      { data: pdf, fileName: "a\ud800.pdf", mimeType: "application/pdf" },
    ],
  ];

  test.each(bad)("refuses %s before any request", async (_, reason, file) => {
    const { client, sent } = stubClient([json(200, {})]);
    const error = await uploadBusinessDocument(client, target, file).catch((e) => e);
    expect(error).toBeInstanceOf(InvalidUploadError);
    expect(error.reason).toBe(reason);
    expect(sent).toHaveLength(0);
  });

  test.each([
    "application/pdf",
    "image/svg+xml",
    "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
    'text/plain; charset="utf-8"',
    "text/csv;header=present",
  ])("accepts the MIME type %s", async (mimeType) => {
    const { client, sent } = stubClient([json(200, {})]);
    await uploadBusinessDocument(client, target, { data: pdf, fileName: "a", mimeType });
    expect(sent[0]!.headers.get("Content-Type")).toBe(mimeType);
  });
});
