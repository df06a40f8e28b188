import { answerRfiCase, createClient } from "financial-operations-api";

const client = createClient({
  baseUrl: process.env.BASE_URL ?? "http://127.0.0.1:4010",
  credentials: { bearerToken: process.env.SANDBOX_TOKEN! },
});

// The submission's fields are not shown in the reference: yours go in `fields`. Never requirement_id.
// A FILE answer: { type: "FILE", fileField, file: { data, fileName, mimeType } }, sent as a form.
const result = await answerRfiCase(client, {
  customerId: "c0ffee00-0000-4000-8000-000000000001",
  caseId: "9b2f6c1a-5d7e-4f80-a1b2-c3d4e5f60718",
  answer: { type: "TEXT", fields: {} },
});
console.log(result);
