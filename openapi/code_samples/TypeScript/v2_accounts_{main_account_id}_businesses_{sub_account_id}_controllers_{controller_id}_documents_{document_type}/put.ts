import { readFile } from "node:fs/promises";
import { createClient, uploadBusinessControllerDocument } from "financial-operations-api";

const client = createClient({
  baseUrl: process.env.BASE_URL ?? "http://127.0.0.1:4010",
  credentials: { bearerToken: process.env.SANDBOX_TOKEN! },
});

// The file's raw bytes are the body (not Base64, JSON or a form), with its MIME type and name.
const file = { data: await readFile("memorandum.pdf"), fileName: "memorandum.pdf", mimeType: "application/pdf" };
const stored = await uploadBusinessControllerDocument(
  client,
  {
    mainAccountId: "acc-main-1",
    subAccountId: "sub-1",
    controllerId: "ctl-1",
    documentType: "MEMORANDUM_OF_ASSOCIATION",
  },
  file,
);
console.log(stored);
