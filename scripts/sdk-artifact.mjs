// Derives generated/openapi.sdk.json, the document to feed a code generator, from the faithful bundle
// (as Stripe publishes spec3.sdk beside spec3). It says nothing the faithful bundle does not say: it only
// drops or rewraps what generators mishandle, and marks each change with `x-sdk-artifact` where it is made.

export const SDK_MARK = "x-sdk-artifact";

const SUBMISSIONS = "/v1/customers/{customer_id}/rfi-cases/{case_id}/submissions";

/**
 * The changes, in order. Each takes the document and returns the changed node (marked by `derive`), or
 * throws when the faithful document no longer has the shape it expects, so a change never goes stale quietly.
 */
export const changes = [
  {
    why:
      "Only multipart/form-data is kept for the RFI answer. openapi.json also offers application/json (a TEXT answer); " +
      "generators pick JSON whenever it is offered (@hey-api/openapi-ts always, orval by default), and could then send no FILE answer. " +
      "A TEXT answer through a client generated from this file goes as text parts of the form; to send it as JSON, override the " +
      "generated call's body serializer and Content-Type, or use the package's answerRfiCase.",
    apply(doc) {
      const body = doc.paths?.[SUBMISSIONS]?.post?.requestBody;
      if (!body?.content?.["application/json"] || !body.content["multipart/form-data"]) throw new Error(`${SUBMISSIONS} no longer offers JSON and multipart bodies`);
      delete body.content["application/json"];
      return body;
    },
  },
  {
    why:
      "The RFI file answer schema is wrapped in a one-branch anyOf, which accepts exactly the same bodies. orval builds a " +
      "form from named properties only, and the part names are not shown; behind an anyOf it appends every field the caller gives.",
    apply(doc) {
      const media = doc.paths?.[SUBMISSIONS]?.post?.requestBody?.content?.["multipart/form-data"];
      if (typeof media?.schema?.$ref !== "string") throw new Error(`${SUBMISSIONS} multipart schema is no longer a $ref`);
      media.schema = { anyOf: [media.schema] };
      return media.schema;
    },
  },
];

/** The SDK artifact of a faithful bundle: a copy with `changes` applied and marked. */
export function sdkArtifact(faithful, notice) {
  const doc = structuredClone(faithful);
  for (const change of changes) change.apply(doc)[SDK_MARK] = change.why;
  doc["x-generated"] = notice;
  doc[SDK_MARK] =
    "Derived from openapi.json for code generators. It differs only where a node carries x-sdk-artifact, which says what differs and why; " +
    "openapi.json is the faithful description.";
  return doc;
}
