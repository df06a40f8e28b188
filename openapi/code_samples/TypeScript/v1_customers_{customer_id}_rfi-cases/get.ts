import { createClient, rfiCases } from "financial-operations-api";

const client = createClient({
  baseUrl: process.env.BASE_URL ?? "http://127.0.0.1:4010",
  credentials: { bearerToken: process.env.SANDBOX_TOKEN! },
});

// Reads every page (filters combine with AND); rfiCasePages gives the pages themselves.
for await (const rfiCase of rfiCases(client, {
  customerId: "c0ffee00-0000-4000-8000-000000000001",
  filters: { action_required: true, rfi_status: ["ACTION_REQUIRED", "PENDING_REVIEW"] },
})) {
  console.log(rfiCase.case_id, rfiCase.rfi_status, rfiCase.requirements.length);
}
