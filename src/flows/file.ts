import {
  emptyFile,
  malformedFileName,
  malformedMimeType,
  missingFileName,
  missingMimeType,
  unsupportedBody,
} from "../errors/uploadErrors.ts";

/** A file to send: its bytes (or a Blob), its name and its MIME type. */
export interface FileInput {
  /** The file's bytes, sent as they are. A `File` also gives `fileName` and `mimeType` when those are left out. */
  data: Uint8Array | ArrayBuffer | Blob;
  /** The name sent in Content-Disposition; no path separators or control characters. */
  fileName?: string;
  /** The document's MIME type, `type/subtype` with optional parameters, for example `application/pdf`. */
  mimeType?: string;
}

/** A file that passed every check: what the helpers send. */
export interface CheckedFile {
  data: Uint8Array | ArrayBuffer | Blob;
  fileName: string;
  mimeType: string;
}

// RFC 6838 restricted-name (type and subtype), RFC 9110 parameters (token or quoted-string values).
const NAME = "[A-Za-z0-9][A-Za-z0-9!#$&^_.+-]{0,126}";
const TOKEN = "[!#$%&'*+.^_`|~0-9A-Za-z-]+";
const QUOTED = '"(?:[^"\\\\\\x00-\\x08\\x0a-\\x1f\\x7f]|\\\\[\\x09\\x20-\\x7e])*"';
// Built on first use, not at import: a top-level `new RegExp` would stay in every bundle of the package
// entry, even one that only imports createClient (bundlers cannot tell it is free of side effects).
let mime: RegExp | undefined;
const mimePattern = () => (mime ??= new RegExp(`^${NAME}/${NAME}(?:[ \\t]*;[ \\t]*${TOKEN}=(?:${TOKEN}|${QUOTED}))*$`));

// C0 and C1 controls and DEL; path separators; lone UTF-16 surrogates (not encodable as UTF-8).
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;
const SEPARATOR = /[/\\]/;
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

const sizeOf = (data: FileInput["data"]) => (data instanceof Blob ? data.size : data.byteLength);

/**
 * Checks a file before anything is sent.
 * @throws InvalidUploadError for data of another type, an empty file, a missing or malformed MIME type or file name.
 */
export function checkFile(file: FileInput): CheckedFile {
  const { data } = file;
  if (!(data instanceof Blob || data instanceof ArrayBuffer || ArrayBuffer.isView(data))) {
    throw unsupportedBody(data, "a Uint8Array, an ArrayBuffer or a Blob");
  }
  if (sizeOf(data) === 0) throw emptyFile();
  const fileName = file.fileName ?? (typeof File !== "undefined" && data instanceof File ? data.name : undefined);
  const mimeType = file.mimeType ?? (data instanceof Blob && data.type ? data.type : undefined);
  if (mimeType === undefined || mimeType.trim() === "") throw missingMimeType();
  if (!mimePattern().test(mimeType)) throw malformedMimeType(mimeType);
  if (fileName === undefined || fileName === "") throw missingFileName();
  if (
    CONTROL.test(fileName) ||
    SEPARATOR.test(fileName) ||
    LONE_SURROGATE.test(fileName) ||
    fileName === "." ||
    fileName === ".." ||
    fileName.trim() === ""
  ) {
    throw malformedFileName(fileName);
  }
  return { data, fileName, mimeType };
}

// RFC 8187 attr-char: everything else is percent-encoded as UTF-8.
const encodeExtValue = (s: string) =>
  encodeURIComponent(s).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/**
 * `attachment; filename="..."`, plus `filename*=UTF-8''...` (RFC 6266, RFC 8187) when the name is not
 * plain printable ASCII; the quoted fallback then has `_` for each character it cannot carry.
 */
export function contentDisposition(fileName: string): string {
  const ascii = /^[\x20-\x7e]*$/.test(fileName);
  const fallback = (ascii ? fileName : fileName.replace(/[^\x20-\x7e]|%/gu, "_")).replace(/["\\]/g, "\\$&");
  return ascii
    ? `attachment; filename="${fallback}"`
    : `attachment; filename="${fallback}"; filename*=UTF-8''${encodeExtValue(fileName)}`;
}
