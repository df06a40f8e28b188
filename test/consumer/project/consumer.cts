// The CommonJS side of the declarations (.d.cts), type-checked with moduleResolution node16.
import fo = require("financial-operations-api");

const client = fo.createClient({ baseUrl: "http://127.0.0.1:1", credentials: { bearerToken: "sandbox" } });
void client.GET("/v1/customers/{customer_id}/rfi-cases", { params: { path: { customer_id: "c1" } } });
// @ts-expect-error "/v1/not-a-path" is not a path of the document
void client.GET("/v1/not-a-path", {});

import signing = require("financial-operations-api/signing");

export const scheme: string = signing.SIGNING_SCHEME;
