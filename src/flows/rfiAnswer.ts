import type { ApiClient } from "../client/types.ts";
import { RequirementIdNotAllowedError } from "../errors/RequirementIdNotAllowedError.ts";
import { checkFile, type FileInput } from "./file.ts";
import { dataOrThrow } from "./result.ts";

/**
 * Fields of an answer, named by the caller: the reference does not show the submission body's
 * fields, only that `requirement_id` must not be sent (the type and a runtime check refuse it).
 */
export type RfiAnswerFields = Record<string, unknown> & { requirement_id?: never };

/** A TEXT answer: sent as a JSON object of the caller's fields. */
export interface RfiTextAnswer {
  type: "TEXT";
  fields: RfiAnswerFields;
}

/**
 * A FILE answer: sent as multipart/form-data, the caller's fields as text parts and the file as a
 * part named `fileField`. The part names are not shown in the reference.
 */
export interface RfiFileAnswer {
  type: "FILE";
  fields?: Record<string, string> & { requirement_id?: never };
  /** Name of the form part that carries the file. */
  fileField: string;
  file: FileInput;
}

export interface AnswerRfiCaseInput {
  customerId: string;
  caseId: string;
  answer: RfiTextAnswer | RfiFileAnswer;
  signal?: AbortSignal;
}

/** The answer's response body; its fields are not shown. */
export type RfiAnswerResult = Record<string, unknown>;

function refuseRequirementId(fields: object | undefined, where: string) {
  if (fields && Object.hasOwn(fields, "requirement_id")) throw new RequirementIdNotAllowedError(where);
}

/**
 * Answers an RFI case with TEXT (JSON) or FILE (multipart/form-data) content, never sending
 * `requirement_id`. The form is encoded once, here, so the client signs and sends the same bytes;
 * how the service expects a multipart body to be signed in production is not shown in the reference.
 * @throws RequirementIdNotAllowedError before any request when the fields (or the file part's name) are
 * `requirement_id`.
 * @throws InvalidUploadError before any request for an empty file or a missing or malformed MIME type or file name.
 * @throws ApiError for an error response.
 */
export async function answerRfiCase(
  client: ApiClient,
  { customerId, caseId, answer, signal }: AnswerRfiCaseInput,
): Promise<RfiAnswerResult> {
  const path = { customer_id: customerId, case_id: caseId };
  const url = "/v1/customers/{customer_id}/rfi-cases/{case_id}/submissions" as const;
  if (answer.type === "TEXT") {
    refuseRequirementId(answer.fields, "the TEXT answer's fields");
    return dataOrThrow(await client.POST(url, { params: { path }, body: answer.fields, signal }));
  }
  refuseRequirementId(answer.fields, "the FILE answer's fields");
  if (answer.fileField === "requirement_id") throw new RequirementIdNotAllowedError("the FILE answer's file part name");
  const file = checkFile(answer.file);
  const form = new FormData();
  for (const [name, value] of Object.entries(answer.fields ?? {})) form.append(name, value);
  form.append(
    answer.fileField,
    file.data instanceof Blob
      ? file.data.slice(0, file.data.size, file.mimeType)
      : new Blob([file.data as BlobPart], { type: file.mimeType }),
    file.fileName,
  );
  const encoded = new Response(form);
  const bytes = new Uint8Array(await encoded.arrayBuffer());
  return dataOrThrow(
    await client.POST(url, {
      params: { path },
      body: bytes as never,
      headers: { "Content-Type": encoded.headers.get("Content-Type")! },
      signal,
    }),
  );
}
