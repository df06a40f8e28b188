/**
 * Generated from openapi/ by `npm run build`. Do not edit by hand: change openapi/ and rebuild.
 */

export interface paths {
    "/v1/customers/{customer_id}/rfi-cases": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Identifier of the customer. */
                customer_id: components["parameters"]["CustomerId"];
            };
            cookie?: never;
        };
        /**
         * List RFI cases
         * @description Pages through the customer's RFI cases, recipient and transaction cases alike, each with its current requirements. Filters combine with AND. To read a single case, filter on its exact `case_id` (the single-case path is not shown). When polling with `updated_from`, the bound is inclusive: keep the last `updated_at` seen and drop repeats by `case_id` and `updated_at`. After an RFI webhook, read the case again here before deciding anything.
         */
        get: operations["listRfiCases"];
        put?: never;
        /**
         * Send transaction information in advance
         * @description Sends information about a transaction before it is asked for; the service creates the related case or reuses an existing one.
         */
        post: operations["createRfiCase"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/customers/{customer_id}/rfi-cases/{case_id}/submissions": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Identifier of the customer. */
                customer_id: components["parameters"]["CustomerId"];
                /** @description Identifier of the RFI case. */
                case_id: components["parameters"]["CaseId"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Answer an RFI case
         * @description Sends a TEXT answer (JSON) or a FILE answer (multipart form data, the file as a binary part) to a case. Never send `requirement_id`: the body is refused by this description when it carries one. How a multipart form is signed in production is not shown.
         */
        post: operations["submitRfiCaseAnswer"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/customers/{customer_id}/transaction/requirement": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Identifier of the customer. */
                customer_id: components["parameters"]["CustomerId"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Preview documents for a fiat withdrawal
         * @description Tells which documents can be prepared before a fiat withdrawal is created, so they are ready if a case asks for them.
         */
        post: operations["previewTransactionRequirement"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/customers/{customer_id}/deposit_instructions": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Identifier of the customer. */
                customer_id: components["parameters"]["CustomerId"];
            };
            cookie?: never;
        };
        /**
         * Get the default deposit instruction
         * @description Returns the customer's default deposit instruction for one asset and network: only the default address, never the additional ones. The asset and network are chosen with query parameters whose names are not shown. The same path works on the sandbox address.
         */
        get: operations["getDefaultDepositInstruction"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/all_deposit_instructions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List all deposit addresses
         * @description Lists every deposit address across all networks.
         */
        get: operations["listAllDepositInstructions"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/deposit_instruction": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Request an additional deposit address
         * @description Asks for one more deposit address on a supported network family (EVM, Solana, Tron, and in production Bitcoin), besides the default one.
         */
        post: operations["createDepositInstruction"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/deposit_instruction/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Identifier of the deposit address. */
                id: components["parameters"]["DepositInstructionId"];
            };
            cookie?: never;
        };
        /**
         * Get a deposit address
         * @description Reads one deposit address by its identifier.
         */
        get: operations["getDepositInstruction"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/customers/{customer_id}/external-accounts": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Identifier of the customer. */
                customer_id: components["parameters"]["CustomerId"];
            };
            cookie?: never;
        };
        /**
         * List external accounts, or find one by idempotency key
         * @description Reads the customer's external accounts. With `idempotency_key`, returns the account bound to that key: the way to recover an account whose creation timed out or answered 409.
         */
        get: operations["listExternalAccounts"];
        put?: never;
        /**
         * Create an external account
         * @description Adds an external bank account for the customer. The account is bound one-to-one to the Idempotency-Key: retry a timed-out call with the same key, or read the account back with the `idempotency_key` query. A reused key, or banking details identical to an existing account, gives 409; a missing or malformed key gives 400. Since 1.0.13 `institution_name` may be left out and is resolved from `institution_id` (400 with code 00020008 when no institution matches); the response always carries it.
         */
        post: operations["createExternalAccount"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/customers/{customer_id}/recipients/{recipient_id}/bank-accounts": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Identifier of the customer. */
                customer_id: components["parameters"]["CustomerId"];
                /** @description Identifier of the recipient. */
                recipient_id: components["parameters"]["RecipientId"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Add a bank account to a recipient
         * @description Adds a bank account to an existing recipient, with the same fields as an external account. Since 1.0.13 `institution_name` may be left out (400 with code 00020008 when the routing code matches no institution).
         */
        post: operations["createRecipientBankAccount"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/customers/{customer_id}/recipients": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Identifier of the customer. */
                customer_id: components["parameters"]["CustomerId"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Create a recipient
         * @description Creates a recipient with its bank accounts inline; since 1.0.13 `institution_name` is optional in each of them and is resolved from `institution_id` (400 with code 00020008 when the routing code matches no institution, the error 1.0.13 added with this change).
         */
        post: operations["createRecipient"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/accounts/{main_account_id}/businesses": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Identifier of the main account. */
                main_account_id: components["parameters"]["MainAccountId"];
            };
            cookie?: never;
        };
        /**
         * List businesses of a main account
         * @description Lists the business sub-accounts of a main account.
         */
        get: operations["listBusinesses"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/terms/BUSINESS_ONBOARDING/signatures": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Sign the business onboarding terms
         * @description Starts the acceptance of the business onboarding terms, with a JSON body that names a `redirect_url`.
         */
        post: operations["signBusinessOnboardingTerms"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/accounts/{main_account_id}/businesses/{sub_account_id}/documents/{document_type}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Identifier of the main account. */
                main_account_id: components["parameters"]["MainAccountId"];
                /** @description Identifier of the business or individual sub-account. */
                sub_account_id: components["parameters"]["SubAccountId"];
                /** @description Type of the document uploaded, for example `MEMORANDUM_OF_ASSOCIATION`. */
                document_type: components["parameters"]["DocumentType"];
            };
            cookie?: never;
        };
        get?: never;
        /**
         * Upload a business document
         * @description Uploads one document of a business sub-account, for example its memorandum of association. The request body is the file itself, raw bytes: not Base64, not JSON, not a form. `Content-Type` is the document's MIME type and `Content-Disposition` is `attachment` with the file name. In production the body hash is the SHA-256 of exactly these bytes.
         */
        put: operations["uploadBusinessDocument"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/accounts/{main_account_id}/businesses/{sub_account_id}/controllers/{controller_id}/documents/{document_type}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Identifier of the main account. */
                main_account_id: components["parameters"]["MainAccountId"];
                /** @description Identifier of the business or individual sub-account. */
                sub_account_id: components["parameters"]["SubAccountId"];
                /** @description Identifier of the business controller. */
                controller_id: components["parameters"]["ControllerId"];
                /** @description Type of the document uploaded, for example `MEMORANDUM_OF_ASSOCIATION`. */
                document_type: components["parameters"]["DocumentType"];
            };
            cookie?: never;
        };
        get?: never;
        /**
         * Upload a business controller document
         * @description Uploads one document of a controller of a business sub-account. The request body is the file itself, raw bytes: not Base64, not JSON, not a form. `Content-Type` is the document's MIME type and `Content-Disposition` is `attachment` with the file name. In production the body hash is the SHA-256 of exactly these bytes.
         */
        put: operations["uploadBusinessControllerDocument"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/accounts/{main_account_id}/individuals/{sub_account_id}/documents/{document_type}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Identifier of the main account. */
                main_account_id: components["parameters"]["MainAccountId"];
                /** @description Identifier of the business or individual sub-account. */
                sub_account_id: components["parameters"]["SubAccountId"];
                /** @description Type of the document uploaded, for example `MEMORANDUM_OF_ASSOCIATION`. */
                document_type: components["parameters"]["DocumentType"];
            };
            cookie?: never;
        };
        get?: never;
        /**
         * Upload an individual document
         * @description Uploads one document of an individual sub-account. The request body is the file itself, raw bytes: not Base64, not JSON, not a form. `Content-Type` is the document's MIME type and `Content-Disposition` is `attachment` with the file name. In production the body hash is the SHA-256 of exactly these bytes.
         */
        put: operations["uploadIndividualDocument"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/customers/{customer_id}/conversions/quote": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Identifier of the customer. */
                customer_id: components["parameters"]["CustomerId"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Create a quote
         * @description Prices a conversion from one asset to another for exactly one amount. The quote is single use and valid for 30 seconds; execute it with Execute Quote. The Idempotency-Key header has no effect here. Ask for a replacement quote only when no earlier execution has an unknown outcome.
         */
        post: operations["createQuote"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/customers/{customer_id}/conversions/hedge": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Identifier of the customer. */
                customer_id: components["parameters"]["CustomerId"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Execute a quote
         * @description Executes a valid quote of this customer, if the balance allows, and creates a conversion order with `order_status` PENDING. A quote executes once: executing it again answers 409 (00000006), which does not tell whether an order was created or completed. Never retry this call blindly and never send an Idempotency-Key (it has no effect). If the call times out without a `transaction_id`, treat the outcome as unknown: record the customer, quote_id, request time, assets, amounts and any trace_id. Then list transactions (List Transactions, with `transaction_action=CONVERSION`, `created_after` and `created_before` spanning a window around the request time with a margin on both sides), reading every page. Its items carry `transaction_id` but no `quote_id`, and it has no `quote_id` filter: read each candidate with Get Conversion and compare its `quote_id`. A match means the order exists (which is not proof that it completed): follow its `order_status` and the conversion.completed or conversion.failed event. With no match, read again with backoff (an empty list does not prove that nothing executed), then contact support with the recorded identifiers. Do not create and execute a replacement quote while the outcome is unknown.
         */
        post: operations["executeQuote"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/customers/{customer_id}/conversions/order": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Identifier of the customer. */
                customer_id: components["parameters"]["CustomerId"];
            };
            cookie?: never;
        };
        /**
         * Get a conversion
         * @description Reads a conversion by the `transaction_id` of its order; the result carries the `quote_id` it executed. A conversion of another customer answers 404, not 403. Safe to retry with exponential backoff and jitter.
         */
        get: operations["getConversion"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/portfolios/{portfolio_id}/conversions/quote": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Identifier of the portfolio. */
                portfolio_id: components["parameters"]["PortfolioId"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Create a portfolio quote
         * @description Prices a conversion for a portfolio. A malformed from_asset or to_asset, or both or no amounts, answers 400.
         */
        post: operations["createPortfolioQuote"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/portfolios/{portfolio_id}/conversions/hedge": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Identifier of the portfolio. */
                portfolio_id: components["parameters"]["PortfolioId"];
            };
            cookie?: never;
        };
        /**
         * Get a portfolio hedge
         * @description Reads a hedge by its conversion_id. Safe to retry with backoff.
         */
        get: operations["getPortfolioHedge"];
        put?: never;
        /**
         * Hedge a portfolio quote
         * @description Executes a portfolio quote. Answers 201 when the hedge was made at once and 202 when it was accepted to run asynchronously. The Idempotency-Key is kept for 24 hours: the same key returns the original result, or 409 when the parameters differ.
         */
        post: operations["createPortfolioHedge"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export interface webhooks {
    "conversion.completed": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Conversion completed
         * @description Sent when a conversion order completed. An order created by Execute Quote starts PENDING; this event (or conversion.failed) reports its outcome.
         */
        post: operations["onConversionCompleted"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "conversion.failed": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Conversion failed
         * @description Sent when a conversion order failed. An order created by Execute Quote starts PENDING; this event (or conversion.completed) reports its outcome.
         */
        post: operations["onConversionFailed"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "rfi-case-changed": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * RFI case changed
         * @description Sent when RFI cases change. Its event name is not shown (this key is ours). Retrieve the case before deciding anything.
         */
        post: operations["onRfiCaseChanged"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export interface components {
    schemas: {
        /**
         * RFI subject type
         * @description What an RFI case is about, a recipient or a transaction.
         * @enum {string}
         */
        RfiSubjectType: "RECIPIENT" | "TRANSACTION";
        /**
         * RFI status
         * @description Status of an RFI case. The allowed transitions between these states are not shown.
         * @enum {string}
         */
        RfiStatus: "ACTION_REQUIRED" | "PENDING_REVIEW" | "ANSWERED" | "REJECTED" | "CLOSED";
        /**
         * Conversion error code
         * @description The application error codes the reference documents for the customer-scoped conversion endpoints (and 00020008 of the external-account and recipient bank-account endpoints), with their HTTP status. They are the known values of the flat envelope's `code`; the set is open, and a response may carry a code added later: 00020000 (408) the quote request timed out because the liquidity provider did not answer, retry the quote; 00020001 (400) quote expired, unknown or not this customer's; 00020002 (400) quote construction or pricing failed; 00020003 (400) insufficient available balance in the pay asset; 00020004 (400) pair disabled for this direction, or amount outside the pair's minimum or maximum; 00020005 (400) pricing changed, request a new quote; 00020006 (400) generic trading error; 00020008 (400) no institution for the routing code given; 00000001 (400) business rule validation failed (both or neither amount supplied); 00000002 (400) invalid payload or parameters, also a missing or malformed `transaction_id`; 00000005 (404) no conversion for the `transaction_id`; 00000006 (409) quote already consumed; 00000010 (400) invalid request format, for example a `quote_id` that is not a UUID; 00010000 (401) missing or invalid authentication; 00000000 (500) unexpected server error.
         * @example 00020000
         * @example 00020001
         * @example 00020002
         * @example 00020003
         * @example 00020004
         * @example 00020005
         * @example 00020006
         * @example 00020008
         * @example 00000001
         * @example 00000002
         * @example 00000005
         * @example 00000006
         * @example 00000010
         * @example 00010000
         * @example 00000000
         */
        ConversionErrorCode: string;
        /**
         * Error issue
         * @description One structured detail of a flat error envelope's `issues` list.
         */
        ErrorIssue: {
            [key: string]: unknown;
        };
        /**
         * Authentication error
         * @description Body of a 401 on the v1 endpoints. The reference gives two shapes for it, written here as one object: the flat envelope (`code`, `status`, `detail`, `issues`, `instance`, `trace_id`, time) and an older authentication shape (`status_code`, `code` with the value `Unauthorized`, `instance`, `detail`), in which a wrong secret gives a signature-mismatch detail and an unknown access key a credential-not-found detail. The members both shapes have are always present; tell the shapes apart by `status_code`: only the older shape has it.
         */
        AuthError: {
            /** @description Application error code: in the flat envelope a stable code (`00010000` on the conversion endpoints), in the older shape the value `Unauthorized`. */
            code: components["schemas"]["ConversionErrorCode"];
            /**
             * @description HTTP status of the response, in the flat envelope (the field is named `status` there).
             * @example 401
             */
            status?: number;
            /**
             * @description HTTP status of the response, in the older shape only.
             * @example 401
             */
            status_code?: number;
            /** @description Human-readable explanation; may be null. A wrong secret gives a signature-mismatch detail, an unknown access key a credential-not-found detail. */
            detail: string | null;
            /** @description Optional structured details about what was wrong (flat envelope). */
            issues?: components["schemas"]["ErrorIssue"][];
            /** @description Path of the request that failed; may be null. */
            instance: string | null;
            /** @description Trace identifier of the failed request (flat envelope); quote it to support. */
            trace_id?: string;
            /**
             * Format: date-time
             * @description When the error happened (ISO 8601; flat envelope).
             */
            time?: string;
            /**
             * Format: date-time
             * @description When the error happened (ISO 8601). One description of the flat envelope names the time field `timestamp` instead of `time`.
             */
            timestamp?: string;
        } & {
            [key: string]: unknown;
        };
        /**
         * Flat error envelope
         * @description Error body of the v1 endpoints, and of every rate-limited (429) response of v1 and v2. `code` is the stable value to branch on; `trace_id` is what to quote to support. Every member is present but `issues` (optional) and the time of the error, whose name the reference gives two ways (`time`, or `timestamp` in one description); `detail` and `instance` may be null.
         */
        FlatError: {
            /** @description Stable application error code to branch on, for example `00020001`. Codes of operations other than conversions, RFI and deposits are not shown. */
            code: components["schemas"]["ConversionErrorCode"];
            /**
             * @description HTTP status of the response (the field is named `status`, not `status_code`).
             * @example 400
             */
            status: number;
            /** @description Human-readable explanation; may be null. */
            detail: string | null;
            /** @description Optional structured details about what was wrong. */
            issues?: components["schemas"]["ErrorIssue"][];
            /** @description Path of the request that failed; may be null. */
            instance: string | null;
            /** @description Trace identifier of the failed request; quote it to support. */
            trace_id: string;
            /**
             * Format: date-time
             * @description When the error happened (ISO 8601).
             */
            time?: string;
            /**
             * Format: date-time
             * @description When the error happened (ISO 8601). One description of the envelope names the time field `timestamp` instead of `time`; which name a given response uses is not shown.
             */
            timestamp?: string;
        } & {
            [key: string]: unknown;
        };
        /**
         * RFI subject
         * @description What the case is about. For a recipient case, `id` is the `recipient_id` and there is no `transaction_type`. (The reference's field table shows this field under a placeholder name; the list filters `subject_type` and `subject_id` and the rule "subject.type distinguishes them" give its real name, `subject`.)
         */
        RfiSubject: {
            type: components["schemas"]["RfiSubjectType"];
            /** @description Identifier of the subject; the `recipient_id` for a recipient case. */
            id: string;
            /** @description Kind of transaction of a transaction case; absent for a recipient case. */
            transaction_type?: unknown;
        } & {
            [key: string]: unknown;
        };
        /**
         * RFI submission
         * @description An answer already submitted for a requirement.
         */
        RfiSubmission: {
            [key: string]: unknown;
        };
        /**
         * RFI requirement
         * @description One piece of information an RFI case asks for.
         */
        RfiRequirement: {
            /** @description Identifier of the requirement. Never sent back when answering a case. */
            readonly requirement_id: string;
            /**
             * @description Kind of answer expected, free text or a file.
             * @enum {string}
             */
            type: "TEXT" | "FILE";
            /** @description Document types accepted for a FILE requirement; empty for a TEXT requirement. */
            accepted_document_types: string[];
            /** @description Whether the requirement must be answered. */
            required: boolean;
            /**
             * @description Status of the requirement; `ACTION_REQUIRED` is one value.
             * @example ACTION_REQUIRED
             */
            status: string;
            /** @description Instructions for answering the requirement. */
            note: string;
            /** @description Answers already submitted; empty when there are none. */
            submissions: components["schemas"]["RfiSubmission"][];
        } & {
            [key: string]: unknown;
        };
        /**
         * RFI case
         * @description A compliance request for information about a recipient or a transaction. Recipient and transaction cases share one collection.
         */
        RfiCase: {
            /** @description Identifier of the case; the list can filter on it by exact match. */
            readonly case_id: string;
            /**
             * @description Class of the case; `RECIPIENT` for a recipient case.
             * @example RECIPIENT
             */
            case_class: string;
            rfi_status: components["schemas"]["RfiStatus"];
            subject: components["schemas"]["RfiSubject"];
            /** @description The case's current requirements. */
            requirements: components["schemas"]["RfiRequirement"][];
            /**
             * Format: date-time
             * @description When the case was created (ISO 8601 with offset).
             */
            readonly created_at: string;
            /**
             * Format: date-time
             * @description When the case last changed (ISO 8601 with offset); the `updated_from` filter compares against it.
             */
            readonly updated_at: string;
        } & {
            [key: string]: unknown;
        };
        /**
         * RFI case list
         * @description One page of RFI cases.
         */
        RfiCaseList: {
            /** @description The cases of this page. */
            list: components["schemas"]["RfiCase"][];
            /** @description Total number of cases, as the list envelope gives it. */
            total: number;
        } & {
            [key: string]: unknown;
        };
        /**
         * Unknown object
         * @description A JSON object whose fields the reference does not show.
         */
        OpenObject: {
            [key: string]: unknown;
        };
        /**
         * RFI answer
         * @description A TEXT answer to an RFI case, sent as JSON. It must not carry `requirement_id`: an answer that does is refused.
         */
        RfiAnswer: {
            /** @description Never sent. */
            requirement_id?: never;
        } & {
            [key: string]: unknown;
        };
        /**
         * RFI file answer
         * @description A FILE answer to an RFI case, sent as multipart/form-data: the file as a binary part with its own MIME type and file name, other fields as text parts. No part may be named `requirement_id`: an answer that carries one is refused.
         */
        RfiFileAnswer: {
            /** @description Never sent. */
            requirement_id?: never;
        } & {
            [key: string]: Blob | Uint8Array | ArrayBuffer;
        };
        /**
         * Deposit instruction
         * @description Where to send a deposit. A fiat instruction gives bank account details (US_ACH, US_RTP, US_FEDWIRE and SWIFT in production; Wire and SWIFT in the sandbox); a crypto instruction gives a wallet address for token deposits. Each customer has one default address per network family: EVM (for example Ethereum, Polygon, BNB Chain), Solana, Tron, and in production Bitcoin; the sandbox lists only EVM, Solana and Tron. Verify the token contract address before a crypto deposit.
         */
        DepositInstruction: {
            [key: string]: unknown;
        };
        /**
         * External account list
         * @description Answer of the external-account list; with `idempotency_key`, the account bound to that key.
         */
        ExternalAccountList: unknown;
        /**
         * Payment network
         * @description Payment network of a bank account; `US_ACH` and `US_FEDWIRE` are values seen for external accounts.
         * @example US_ACH
         * @example US_FEDWIRE
         */
        PaymentNetwork: string;
        /**
         * Bank account details
         * @description Banking details of an external account or a recipient's bank account, as sent on creation. Since 1.0.13 `institution_name` may be left out: the service resolves it from `institution_id` (HTTP 400 with code 00020008 when no institution matches).
         */
        BankAccountDetails: {
            network: components["schemas"]["PaymentNetwork"];
            /** @description Name of the account holder. */
            account_holder_name: string;
            /**
             * @description Currency code of the account.
             * @example USD
             */
            currency: string;
            /**
             * @description Three-letter country code of the account.
             * @example USA
             */
            country_code: string;
            /** @description Bank account number. */
            account_number: string;
            /** @description Routing code of the institution. */
            institution_id: string;
            /** @description Name of the institution. Optional: when left out it is resolved from `institution_id`; when sent it is accepted. */
            institution_name?: string;
        } & {
            [key: string]: unknown;
        };
        /**
         * External account
         * @description An external bank account as returned by the service. It is bound one-to-one to the Idempotency-Key used to create it.
         */
        ExternalAccount: {
            /** @description Name of the institution, resolved from `institution_id` when it was not sent. */
            institution_name: string;
        } & {
            [key: string]: unknown;
        };
        /**
         * Recipient
         * @description A recipient to create, with its bank accounts inline. `institution_name` is optional in each bank account.
         */
        Recipient: {
            /** @description Bank accounts of the recipient. */
            bank_accounts?: components["schemas"]["BankAccountDetails"][];
        } & {
            [key: string]: unknown;
        };
        /**
         * v2 error
         * @description One error of a v2 errors envelope.
         */
        V2Error: {
            /**
             * @description Error type. `UNAUTHORIZED` is returned when the Authorization header is missing; the other values are not shown.
             * @example UNAUTHORIZED
             */
            type: string;
            /** @description Human-readable explanation of the error. */
            description: string;
        } & {
            [key: string]: unknown;
        };
        /**
         * v2 errors envelope
         * @description Error body of the account-scoped (`/v2/accounts/...`) and terms (`/v2/terms/...`) endpoints.
         */
        V2Errors: {
            /** @description The errors found in the request. */
            errors: components["schemas"]["V2Error"][];
        } & {
            [key: string]: unknown;
        };
        /**
         * Terms signature request
         * @description Starts the signature of the business onboarding terms.
         */
        TermsSignatureRequest: {
            /**
             * Format: uri
             * @description A URL. The reference names this member and its type only; what the service does with it is not shown.
             */
            redirect_url: string;
        } & {
            [key: string]: unknown;
        };
        /**
         * Quote request
         * @description Asks for a conversion quote: the asset to pay with, the asset to receive, and exactly one amount. Sending both amounts or neither is refused with code 00000001.
         */
        QuoteRequest: {
            /** @description The asset paid with. */
            from_asset: {
                [key: string]: unknown;
            };
            /** @description The asset received. */
            to_asset: {
                [key: string]: unknown;
            };
        } & {
            [key: string]: unknown;
        };
        /**
         * Quote
         * @description A single-use conversion quote, valid for 30 seconds.
         */
        Quote: {
            /**
             * Format: uuid
             * @description Identifier of the quote; execute it at most once, within 30 seconds.
             */
            readonly quote_id: string;
            /** @description When the quote expires (30 seconds after it was made); a timestamp whose form is not shown. */
            readonly expire_time?: unknown;
            /** @description When the quote stops being valid (30 seconds after it was made); a timestamp whose form is not shown. */
            readonly valid_until_timestamp?: unknown;
        } & {
            [key: string]: unknown;
        };
        /**
         * Execute quote request
         * @description Executes a quote. The Idempotency-Key header has no effect here; never send the same quote twice blindly.
         */
        ExecuteQuoteRequest: {
            /**
             * Format: uuid
             * @description The quote to execute.
             */
            quote_id: string;
        } & {
            [key: string]: unknown;
        };
        /**
         * Order status
         * @description Status of a conversion order; `PENDING` when the order is created. The outcome is reported by the conversion.completed and conversion.failed events.
         * @example PENDING
         */
        OrderStatus: string;
        /**
         * Conversion order
         * @description The order created by executing a quote. An order that exists is not proof that the conversion completed: follow `order_status` and the conversion events.
         */
        ConversionOrder: {
            /** @description Identifier of the conversion order. */
            readonly transaction_id: string;
            order_status: components["schemas"]["OrderStatus"];
        } & {
            [key: string]: unknown;
        };
        /**
         * Conversion
         * @description A conversion as read back by transaction_id; it carries the quote_id it executed.
         */
        Conversion: {
            /**
             * Format: uuid
             * @description The quote this conversion executed; compare it to find the order of a timed-out execute.
             */
            readonly quote_id?: string;
        } & {
            [key: string]: unknown;
        };
        /**
         * Portfolio asset
         * @description An asset of a portfolio-scoped quote.
         */
        PortfolioAsset: {
            /** @description The asset. */
            asset?: string;
        } & {
            [key: string]: unknown;
        };
        /**
         * Portfolio quote request
         * @description Asks for a portfolio-scoped quote. A malformed from_asset or to_asset, or both or no amounts, is refused with HTTP 400.
         */
        PortfolioQuoteRequest: {
            from_asset?: components["schemas"]["PortfolioAsset"];
            to_asset?: components["schemas"]["PortfolioAsset"];
        } & {
            [key: string]: unknown;
        };
        /**
         * Portfolio quote
         * @description A quote of the portfolio variant.
         */
        PortfolioQuote: {
            /** @description Identifier of the quote. */
            readonly quote_id?: string;
            /**
             * Format: date-time
             * @description When the quote stops being valid (ISO 8601).
             */
            readonly valid_until?: string;
        } & {
            [key: string]: unknown;
        };
        /**
         * Portfolio error code
         * @description The error codes the reference documents for the portfolio variant, with their usual HTTP status (the set is open: a response may carry a code added later): VALIDATION_ERROR (400 or 422), MISSING_FIELD (400), INVALID_AMOUNT (422), UNSUPPORTED_ASSET (422), UNSUPPORTED_NETWORK (422), PORTFOLIO_NOT_FOUND (404), QUOTE_NOT_FOUND (404), QUOTE_EXPIRED (409), QUOTE_ALREADY_HEDGED (409), HEDGE_NOT_FOUND (404), INSUFFICIENT_LIQUIDITY (422), RISK_LIMIT_EXCEEDED (403 or 422), AUTHENTICATION_FAILED (401), AUTHORIZATION_FAILED (403), RATE_LIMITED (429), VENUE_UNAVAILABLE (503), INTERNAL_ERROR (500).
         * @example VALIDATION_ERROR
         * @example MISSING_FIELD
         * @example INVALID_AMOUNT
         * @example UNSUPPORTED_ASSET
         * @example UNSUPPORTED_NETWORK
         * @example PORTFOLIO_NOT_FOUND
         * @example QUOTE_NOT_FOUND
         * @example QUOTE_EXPIRED
         * @example QUOTE_ALREADY_HEDGED
         * @example HEDGE_NOT_FOUND
         * @example INSUFFICIENT_LIQUIDITY
         * @example RISK_LIMIT_EXCEEDED
         * @example AUTHENTICATION_FAILED
         * @example AUTHORIZATION_FAILED
         * @example RATE_LIMITED
         * @example VENUE_UNAVAILABLE
         * @example INTERNAL_ERROR
         */
        PortfolioErrorCode: string;
        /**
         * Portfolio error object
         * @description The `error` member of the portfolio variant's error body, saying what went wrong.
         */
        PortfolioErrorObject: {
            /** @description Error code to branch on, for example `QUOTE_EXPIRED`. */
            code: components["schemas"]["PortfolioErrorCode"];
            /** @description Human-readable explanation. */
            message: string;
            /** @description Further structured details of the error. */
            details: {
                [key: string]: unknown;
            };
            /** @description Identifier of the failed request; quote it to support. */
            request_id: string;
            /**
             * Format: date-time
             * @description When the error happened (ISO 8601).
             */
            timestamp: string;
        } & {
            [key: string]: unknown;
        };
        /**
         * Portfolio error body
         * @description Error body of the portfolio-scoped conversion endpoints.
         */
        PortfolioError: {
            error: components["schemas"]["PortfolioErrorObject"];
        } & {
            [key: string]: unknown;
        };
        /**
         * Portfolio rate-limit error
         * @description Body of a portfolio 429. The reference gives two bodies for it, written here as one object: the portfolio `error` object (its error table lists RATE_LIMITED for 429) and the flat envelope (its limits give the flat envelope for the 429 of every endpoint). A body with `error` is the portfolio shape, whose members are as in PortfolioErrorObject; one with `status` is the flat envelope, whose members are as in FlatError. The two shapes share no member, so none is required here.
         */
        PortfolioRateLimitError: {
            error?: components["schemas"]["PortfolioErrorObject"];
            /** @description Stable application error code (flat envelope), for example `RATE_LIMITED`. */
            code?: components["schemas"]["ConversionErrorCode"];
            /**
             * @description HTTP status of the response (flat envelope).
             * @example 429
             */
            status?: number;
            /** @description Human-readable explanation (flat envelope); may be null. */
            detail?: string | null;
            /** @description Optional structured details about what was wrong (flat envelope). */
            issues?: components["schemas"]["ErrorIssue"][];
            /** @description Path of the request that failed (flat envelope); may be null. */
            instance?: string | null;
            /** @description Trace identifier of the failed request (flat envelope); quote it to support. */
            trace_id?: string;
            /**
             * Format: date-time
             * @description When the error happened (ISO 8601; flat envelope).
             */
            time?: string;
            /**
             * Format: date-time
             * @description When the error happened (ISO 8601). One description of the flat envelope names the time field `timestamp` instead of `time`.
             */
            timestamp?: string;
        } & {
            [key: string]: unknown;
        };
        /**
         * Portfolio hedge
         * @description A hedge (conversion) of the portfolio variant. It is read back with its `conversion_id`.
         */
        PortfolioHedge: {
            [key: string]: unknown;
        };
        /**
         * Portfolio hedge request
         * @description Executes a portfolio-scoped quote.
         */
        PortfolioHedgeRequest: {
            /** @description The quote to hedge. */
            quote_id?: string;
        } & {
            [key: string]: unknown;
        };
    };
    responses: {
        /** @description Missing or invalid credentials. The body is the flat envelope (the reference does not show its code for these endpoints), or the older authentication shape with a signature-mismatch or credential-not-found detail. */
        Unauthorized: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["AuthError"];
            };
        };
        /** @description Too many requests. The numeric limits are not shown. */
        RateLimited: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["FlatError"];
            };
        };
        /** @description Missing or invalid credentials; without an Authorization header the error type is `UNAUTHORIZED`. */
        V2Unauthorized: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["V2Errors"];
            };
        };
        /** @description Missing or invalid authentication. The body is the flat envelope with code 00010000, or the older authentication shape with a signature-mismatch or credential-not-found detail (the reference does not say which endpoints answer with that shape). */
        ConversionUnauthorized: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["AuthError"];
            };
        };
        /** @description The path does not accept this HTTP method. */
        MethodNotAllowed: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["FlatError"];
            };
        };
        /** @description Unexpected server error (code 00000000). */
        ConversionServerError: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["FlatError"];
            };
        };
        /** @description Missing or invalid bearer token (`AUTHENTICATION_FAILED`). */
        PortfolioUnauthorized: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["PortfolioError"];
            };
        };
        /** @description The token lacks a permission this operation needs (`AUTHORIZATION_FAILED`), or a risk limit is exceeded (`RISK_LIMIT_EXCEEDED`). */
        PortfolioForbidden: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["PortfolioError"];
            };
        };
        /** @description The business input cannot be served: `VALIDATION_ERROR`, `INVALID_AMOUNT`, `UNSUPPORTED_ASSET`, `UNSUPPORTED_NETWORK`, `INSUFFICIENT_LIQUIDITY` or `RISK_LIMIT_EXCEEDED`. */
        PortfolioUnprocessable: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["PortfolioError"];
            };
        };
        /** @description Too many requests (`RATE_LIMITED`); wait for the Retry-After seconds. The reference gives two bodies for it: the portfolio error object (its error table lists RATE_LIMITED for 429) and the flat envelope (its limits give the flat envelope for the 429 of every endpoint, with the portfolio code RATE_LIMITED). Both are accepted here, as one schema. */
        PortfolioRateLimited: {
            headers: {
                "Retry-After": components["headers"]["RetryAfter"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["PortfolioRateLimitError"];
            };
        };
        /** @description Unexpected server fault (`INTERNAL_ERROR`). */
        PortfolioInternalError: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["PortfolioError"];
            };
        };
        /** @description A dependency is down (`VENUE_UNAVAILABLE`); wait for the Retry-After seconds. */
        PortfolioUnavailable: {
            headers: {
                "Retry-After": components["headers"]["RetryAfter"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["PortfolioError"];
            };
        };
    };
    parameters: {
        /** @description Identifier of the customer. */
        CustomerId: string;
        /** @description Only cases about recipients or only about transactions; both when left out (tell them apart by `subject.type`). With `RECIPIENT` the newest updates come first. */
        RfiSubjectTypeFilter: components["schemas"]["RfiSubjectType"];
        /** @description Exact subject identifier; the `recipient_id` when `subject_type` is `RECIPIENT`. */
        RfiSubjectIdFilter: string;
        /** @description `true`: only cases that need an action from the caller; `false`: only cases with no action pending from the caller. */
        RfiActionRequiredFilter: boolean;
        /** @description Exact case identifier; the way to read one case, as its own path is not shown. */
        RfiCaseIdFilter: string;
        /** @description Comma-separated list of statuses, for example `ACTION_REQUIRED,PENDING_REVIEW` (one parameter, values joined by commas, not repeated). */
        RfiStatusFilter: components["schemas"]["RfiStatus"][];
        /** @description UTC time (ISO 8601); only cases whose `updated_at` is at or after it (inclusive). A case on the boundary can therefore come again in the next poll: de-duplicate by `case_id` and `updated_at`. */
        RfiUpdatedFrom: string;
        /** @description Page number, starting at 1. */
        Page: number;
        /** @description Number of cases per page, from 1 to 100. */
        Size: number;
        /** @description Identifier of the RFI case. */
        CaseId: string;
        /** @description Identifier of the deposit address. */
        DepositInstructionId: string;
        /** @description The Idempotency-Key used to create an external account: returns the account bound to it. Use it to recover the account after a timeout or a 409. */
        IdempotencyKeyQuery: string;
        /** @description A UUID v4 made for each new operation and reused, unchanged, only for retries of that same operation. */
        IdempotencyKey: string;
        /** @description Identifier of the recipient. */
        RecipientId: string;
        /** @description Identifier of the main account. */
        MainAccountId: string;
        /** @description Identifier of the business or individual sub-account. */
        SubAccountId: string;
        /** @description Type of the document uploaded, for example `MEMORANDUM_OF_ASSOCIATION`. */
        DocumentType: string;
        /** @description `attachment` with a `filename` parameter naming the uploaded file, for example `attachment; filename="memorandum.pdf"` (RFC 6266; use `filename*` for non-ASCII names). */
        ContentDisposition: string;
        /** @description Identifier of the business controller. */
        ControllerId: string;
        /** @description Identifier of the conversion order, as returned by Execute Quote. Missing or malformed: HTTP 400 with code 00000002. */
        TransactionId: string;
        /** @description Identifier of the portfolio. */
        PortfolioId: string;
        /** @description Identifier of the hedge to read; a malformed value is refused with HTTP 400. */
        ConversionId: string;
    };
    requestBodies: never;
    headers: {
        /** @description Seconds to wait before trying again. */
        RetryAfter: number;
    };
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    listRfiCases: {
        parameters: {
            query?: {
                /** @description Only cases about recipients or only about transactions; both when left out (tell them apart by `subject.type`). With `RECIPIENT` the newest updates come first. */
                subject_type?: components["parameters"]["RfiSubjectTypeFilter"];
                /** @description Exact subject identifier; the `recipient_id` when `subject_type` is `RECIPIENT`. */
                subject_id?: components["parameters"]["RfiSubjectIdFilter"];
                /** @description `true`: only cases that need an action from the caller; `false`: only cases with no action pending from the caller. */
                action_required?: components["parameters"]["RfiActionRequiredFilter"];
                /** @description Exact case identifier; the way to read one case, as its own path is not shown. */
                case_id?: components["parameters"]["RfiCaseIdFilter"];
                /** @description Comma-separated list of statuses, for example `ACTION_REQUIRED,PENDING_REVIEW` (one parameter, values joined by commas, not repeated). */
                rfi_status?: components["parameters"]["RfiStatusFilter"];
                /** @description UTC time (ISO 8601); only cases whose `updated_at` is at or after it (inclusive). A case on the boundary can therefore come again in the next poll: de-duplicate by `case_id` and `updated_at`. */
                updated_from?: components["parameters"]["RfiUpdatedFrom"];
                /** @description Page number, starting at 1. */
                page?: components["parameters"]["Page"];
                /** @description Number of cases per page, from 1 to 100. */
                size?: components["parameters"]["Size"];
            };
            header?: never;
            path: {
                /** @description Identifier of the customer. */
                customer_id: components["parameters"]["CustomerId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            401: components["responses"]["Unauthorized"];
            429: components["responses"]["RateLimited"];
            /** @description One page of cases matching the filters. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RfiCaseList"];
                };
            };
        };
    };
    createRfiCase: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Identifier of the customer. */
                customer_id: components["parameters"]["CustomerId"];
            };
            cookie?: never;
        };
        /** @description Transaction information sent in advance; its fields are not shown. */
        requestBody: {
            content: {
                "application/json": components["schemas"]["OpenObject"];
            };
        };
        responses: {
            401: components["responses"]["Unauthorized"];
            429: components["responses"]["RateLimited"];
            /** @description The information was taken; the related case was created or reused. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OpenObject"];
                };
            };
        };
    };
    submitRfiCaseAnswer: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Identifier of the customer. */
                customer_id: components["parameters"]["CustomerId"];
                /** @description Identifier of the RFI case. */
                case_id: components["parameters"]["CaseId"];
            };
            cookie?: never;
        };
        /** @description A TEXT answer as JSON, or a FILE answer as a multipart form; never with `requirement_id`. */
        requestBody: {
            content: {
                "application/json": components["schemas"]["RfiAnswer"];
                "multipart/form-data": components["schemas"]["RfiFileAnswer"];
            };
        };
        responses: {
            401: components["responses"]["Unauthorized"];
            429: components["responses"]["RateLimited"];
            /** @description The answer was taken. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OpenObject"];
                };
            };
        };
    };
    previewTransactionRequirement: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Identifier of the customer. */
                customer_id: components["parameters"]["CustomerId"];
            };
            cookie?: never;
        };
        /** @description The request of the preview; its fields are not shown. */
        requestBody: {
            content: {
                "application/json": components["schemas"]["OpenObject"];
            };
        };
        responses: {
            401: components["responses"]["Unauthorized"];
            429: components["responses"]["RateLimited"];
            /** @description The documents that can be prepared. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OpenObject"];
                };
            };
        };
    };
    getDefaultDepositInstruction: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Identifier of the customer. */
                customer_id: components["parameters"]["CustomerId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            401: components["responses"]["Unauthorized"];
            429: components["responses"]["RateLimited"];
            /** @description The default deposit instruction. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DepositInstruction"];
                };
            };
        };
    };
    listAllDepositInstructions: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            401: components["responses"]["Unauthorized"];
            429: components["responses"]["RateLimited"];
            /** @description The deposit addresses. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OpenObject"];
                };
            };
        };
    };
    createDepositInstruction: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** @description What address to add; whether a body is needed is not shown. */
        requestBody?: {
            content: {
                "application/json": components["schemas"]["OpenObject"];
            };
        };
        responses: {
            401: components["responses"]["Unauthorized"];
            429: components["responses"]["RateLimited"];
            /** @description The new deposit address. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DepositInstruction"];
                };
            };
        };
    };
    getDepositInstruction: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Identifier of the deposit address. */
                id: components["parameters"]["DepositInstructionId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            401: components["responses"]["Unauthorized"];
            429: components["responses"]["RateLimited"];
            /** @description The deposit address. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DepositInstruction"];
                };
            };
        };
    };
    listExternalAccounts: {
        parameters: {
            query?: {
                /** @description The Idempotency-Key used to create an external account: returns the account bound to it. Use it to recover the account after a timeout or a 409. */
                idempotency_key?: components["parameters"]["IdempotencyKeyQuery"];
            };
            header?: never;
            path: {
                /** @description Identifier of the customer. */
                customer_id: components["parameters"]["CustomerId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            401: components["responses"]["Unauthorized"];
            429: components["responses"]["RateLimited"];
            /** @description The external accounts, or the account bound to the key. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ExternalAccountList"];
                };
            };
        };
    };
    createExternalAccount: {
        parameters: {
            query?: never;
            header: {
                /** @description A UUID v4 made for each new operation and reused, unchanged, only for retries of that same operation. */
                "Idempotency-Key": components["parameters"]["IdempotencyKey"];
            };
            path: {
                /** @description Identifier of the customer. */
                customer_id: components["parameters"]["CustomerId"];
            };
            cookie?: never;
        };
        /** @description The external bank account's details; `institution_name` may be left out. */
        requestBody: {
            content: {
                "application/json": components["schemas"]["BankAccountDetails"];
            };
        };
        responses: {
            /** @description No institution for the routing code (00020008), or a missing or malformed Idempotency-Key. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["FlatError"];
                };
            };
            401: components["responses"]["Unauthorized"];
            /** @description The Idempotency-Key was used before, or an account with identical banking details exists. Read the account bound to the key with the `idempotency_key` query. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["FlatError"];
                };
            };
            429: components["responses"]["RateLimited"];
            /** @description The external account, with the resolved institution_name. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ExternalAccount"];
                };
            };
        };
    };
    createRecipientBankAccount: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Identifier of the customer. */
                customer_id: components["parameters"]["CustomerId"];
                /** @description Identifier of the recipient. */
                recipient_id: components["parameters"]["RecipientId"];
            };
            cookie?: never;
        };
        /** @description The recipient's bank account details; `institution_name` may be left out. */
        requestBody: {
            content: {
                "application/json": components["schemas"]["BankAccountDetails"];
            };
        };
        responses: {
            /** @description No institution matches the routing code (00020008). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["FlatError"];
                };
            };
            401: components["responses"]["Unauthorized"];
            429: components["responses"]["RateLimited"];
            /** @description The bank account was added. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OpenObject"];
                };
            };
        };
    };
    createRecipient: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Identifier of the customer. */
                customer_id: components["parameters"]["CustomerId"];
            };
            cookie?: never;
        };
        /** @description The recipient, with its bank accounts inline (`institution_name` may be left out there). */
        requestBody: {
            content: {
                "application/json": components["schemas"]["Recipient"];
            };
        };
        responses: {
            /** @description No institution matches the routing code of an inline bank account (00020008). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["FlatError"];
                };
            };
            401: components["responses"]["Unauthorized"];
            429: components["responses"]["RateLimited"];
            /** @description The recipient was created. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OpenObject"];
                };
            };
        };
    };
    listBusinesses: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Identifier of the main account. */
                main_account_id: components["parameters"]["MainAccountId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            401: components["responses"]["V2Unauthorized"];
            429: components["responses"]["RateLimited"];
            /** @description The businesses. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OpenObject"];
                };
            };
        };
    };
    signBusinessOnboardingTerms: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** @description A JSON body with `redirect_url` (a URL). */
        requestBody: {
            content: {
                "application/json": components["schemas"]["TermsSignatureRequest"];
            };
        };
        responses: {
            401: components["responses"]["V2Unauthorized"];
            429: components["responses"]["RateLimited"];
            /** @description The signature was started. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OpenObject"];
                };
            };
        };
    };
    uploadBusinessDocument: {
        parameters: {
            query?: never;
            header: {
                /** @description `attachment` with a `filename` parameter naming the uploaded file, for example `attachment; filename="memorandum.pdf"` (RFC 6266; use `filename*` for non-ASCII names). */
                "Content-Disposition": components["parameters"]["ContentDisposition"];
            };
            path: {
                /** @description Identifier of the main account. */
                main_account_id: components["parameters"]["MainAccountId"];
                /** @description Identifier of the business or individual sub-account. */
                sub_account_id: components["parameters"]["SubAccountId"];
                /** @description Type of the document uploaded, for example `MEMORANDUM_OF_ASSOCIATION`. */
                document_type: components["parameters"]["DocumentType"];
            };
            cookie?: never;
        };
        /** @description The document file, with its own MIME type as Content-Type (`application/octet-stream` only when that is the document's type; a generated client's default needs overriding per call). */
        requestBody: {
            content: {
                "application/octet-stream": Blob | Uint8Array | ArrayBuffer;
                "*/*": Blob | Uint8Array | ArrayBuffer;
            };
        };
        responses: {
            401: components["responses"]["V2Unauthorized"];
            429: components["responses"]["RateLimited"];
            /** @description The document was stored. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OpenObject"];
                };
            };
        };
    };
    uploadBusinessControllerDocument: {
        parameters: {
            query?: never;
            header: {
                /** @description `attachment` with a `filename` parameter naming the uploaded file, for example `attachment; filename="memorandum.pdf"` (RFC 6266; use `filename*` for non-ASCII names). */
                "Content-Disposition": components["parameters"]["ContentDisposition"];
            };
            path: {
                /** @description Identifier of the main account. */
                main_account_id: components["parameters"]["MainAccountId"];
                /** @description Identifier of the business or individual sub-account. */
                sub_account_id: components["parameters"]["SubAccountId"];
                /** @description Identifier of the business controller. */
                controller_id: components["parameters"]["ControllerId"];
                /** @description Type of the document uploaded, for example `MEMORANDUM_OF_ASSOCIATION`. */
                document_type: components["parameters"]["DocumentType"];
            };
            cookie?: never;
        };
        /** @description The document file, with its own MIME type as Content-Type (`application/octet-stream` only when that is the document's type; a generated client's default needs overriding per call). */
        requestBody: {
            content: {
                "application/octet-stream": Blob | Uint8Array | ArrayBuffer;
                "*/*": Blob | Uint8Array | ArrayBuffer;
            };
        };
        responses: {
            401: components["responses"]["V2Unauthorized"];
            429: components["responses"]["RateLimited"];
            /** @description The document was stored. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OpenObject"];
                };
            };
        };
    };
    uploadIndividualDocument: {
        parameters: {
            query?: never;
            header: {
                /** @description `attachment` with a `filename` parameter naming the uploaded file, for example `attachment; filename="memorandum.pdf"` (RFC 6266; use `filename*` for non-ASCII names). */
                "Content-Disposition": components["parameters"]["ContentDisposition"];
            };
            path: {
                /** @description Identifier of the main account. */
                main_account_id: components["parameters"]["MainAccountId"];
                /** @description Identifier of the business or individual sub-account. */
                sub_account_id: components["parameters"]["SubAccountId"];
                /** @description Type of the document uploaded, for example `MEMORANDUM_OF_ASSOCIATION`. */
                document_type: components["parameters"]["DocumentType"];
            };
            cookie?: never;
        };
        /** @description The document file, with its own MIME type as Content-Type (`application/octet-stream` only when that is the document's type; a generated client's default needs overriding per call). */
        requestBody: {
            content: {
                "application/octet-stream": Blob | Uint8Array | ArrayBuffer;
                "*/*": Blob | Uint8Array | ArrayBuffer;
            };
        };
        responses: {
            401: components["responses"]["V2Unauthorized"];
            429: components["responses"]["RateLimited"];
            /** @description The document was stored. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OpenObject"];
                };
            };
        };
    };
    createQuote: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Identifier of the customer. */
                customer_id: components["parameters"]["CustomerId"];
            };
            cookie?: never;
        };
        /** @description `from_asset`, `to_asset` and exactly one amount; both amounts or neither is refused with 00000001. There is no example: the amount fields' names are not shown, and a body without its amount would be refused. */
        requestBody: {
            content: {
                "application/json": components["schemas"]["QuoteRequest"];
            };
        };
        responses: {
            /** @description The quote, valid for 30 seconds. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Quote"];
                };
            };
            /** @description Refused: both or neither amount (00000001), invalid payload or parameters (00000002), pair disabled or amount out of range (00020004), quote construction or pricing failed (00020002), pricing changed (00020005). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["FlatError"];
                };
            };
            401: components["responses"]["ConversionUnauthorized"];
            405: components["responses"]["MethodNotAllowed"];
            /** @description The liquidity provider did not answer in time (00020000); ask for the quote again. */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["FlatError"];
                };
            };
            429: components["responses"]["RateLimited"];
            500: components["responses"]["ConversionServerError"];
        };
    };
    executeQuote: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Identifier of the customer. */
                customer_id: components["parameters"]["CustomerId"];
            };
            cookie?: never;
        };
        /** @description The quote to execute, by its `quote_id`. */
        requestBody: {
            content: {
                "application/json": components["schemas"]["ExecuteQuoteRequest"];
            };
        };
        responses: {
            /** @description The order was created with order_status PENDING; its outcome comes later. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConversionOrder"];
                };
            };
            /** @description Refused: invalid request format such as a quote_id that is not a UUID (00000010), quote expired, unknown or not this customer's (00020001), insufficient balance (00020003). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["FlatError"];
                };
            };
            401: components["responses"]["ConversionUnauthorized"];
            405: components["responses"]["MethodNotAllowed"];
            /** @description The quote was already consumed (00000006). This does not confirm that an order was created or completed. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["FlatError"];
                };
            };
            429: components["responses"]["RateLimited"];
            500: components["responses"]["ConversionServerError"];
        };
    };
    getConversion: {
        parameters: {
            query: {
                /** @description Identifier of the conversion order, as returned by Execute Quote. Missing or malformed: HTTP 400 with code 00000002. */
                transaction_id: components["parameters"]["TransactionId"];
            };
            header?: never;
            path: {
                /** @description Identifier of the customer. */
                customer_id: components["parameters"]["CustomerId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The conversion. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Conversion"];
                };
            };
            /** @description Missing or malformed transaction_id, or other invalid parameters (00000002). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["FlatError"];
                };
            };
            401: components["responses"]["ConversionUnauthorized"];
            /** @description No conversion of this customer for the transaction_id (00000005). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["FlatError"];
                };
            };
            405: components["responses"]["MethodNotAllowed"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["ConversionServerError"];
        };
    };
    createPortfolioQuote: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Identifier of the portfolio. */
                portfolio_id: components["parameters"]["PortfolioId"];
            };
            cookie?: never;
        };
        /** @description `from_asset`, `to_asset` and exactly one amount; both amounts or neither is refused with 400. There is no example: the amount fields' names are not shown, and a body without its amount would be refused. */
        requestBody: {
            content: {
                "application/json": components["schemas"]["PortfolioQuoteRequest"];
            };
        };
        responses: {
            /** @description The quote. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PortfolioQuote"];
                };
            };
            /** @description Invalid fields, such as a malformed asset object or both or no amounts. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PortfolioError"];
                };
            };
            401: components["responses"]["PortfolioUnauthorized"];
            403: components["responses"]["PortfolioForbidden"];
            /** @description No such portfolio. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PortfolioError"];
                };
            };
            422: components["responses"]["PortfolioUnprocessable"];
            429: components["responses"]["PortfolioRateLimited"];
            500: components["responses"]["PortfolioInternalError"];
            503: components["responses"]["PortfolioUnavailable"];
        };
    };
    getPortfolioHedge: {
        parameters: {
            query: {
                /** @description Identifier of the hedge to read; a malformed value is refused with HTTP 400. */
                conversion_id: components["parameters"]["ConversionId"];
            };
            header?: never;
            path: {
                /** @description Identifier of the portfolio. */
                portfolio_id: components["parameters"]["PortfolioId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The hedge. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PortfolioHedge"];
                };
            };
            /** @description Malformed conversion_id. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PortfolioError"];
                };
            };
            401: components["responses"]["PortfolioUnauthorized"];
            403: components["responses"]["PortfolioForbidden"];
            /** @description No such hedge (`HEDGE_NOT_FOUND`) or portfolio. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PortfolioError"];
                };
            };
            429: components["responses"]["PortfolioRateLimited"];
            500: components["responses"]["PortfolioInternalError"];
            503: components["responses"]["PortfolioUnavailable"];
        };
    };
    createPortfolioHedge: {
        parameters: {
            query?: never;
            header: {
                /** @description A UUID v4 made for each new operation and reused, unchanged, only for retries of that same operation. */
                "Idempotency-Key": components["parameters"]["IdempotencyKey"];
            };
            path: {
                /** @description Identifier of the portfolio. */
                portfolio_id: components["parameters"]["PortfolioId"];
            };
            cookie?: never;
        };
        /** @description The portfolio quote to hedge; other fields of the body are not shown. */
        requestBody: {
            content: {
                "application/json": components["schemas"]["PortfolioHedgeRequest"];
            };
        };
        responses: {
            /** @description The hedge was made synchronously. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PortfolioHedge"];
                };
            };
            /** @description The hedge was accepted and runs asynchronously; read it back later. */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PortfolioHedge"];
                };
            };
            /** @description Invalid fields. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PortfolioError"];
                };
            };
            401: components["responses"]["PortfolioUnauthorized"];
            403: components["responses"]["PortfolioForbidden"];
            /** @description No such quote (`QUOTE_NOT_FOUND`) or portfolio. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PortfolioError"];
                };
            };
            /** @description The quote expired (`QUOTE_EXPIRED`) or was already hedged (`QUOTE_ALREADY_HEDGED`), or the Idempotency-Key was reused with different parameters. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PortfolioError"];
                };
            };
            422: components["responses"]["PortfolioUnprocessable"];
            429: components["responses"]["PortfolioRateLimited"];
            500: components["responses"]["PortfolioInternalError"];
            503: components["responses"]["PortfolioUnavailable"];
        };
    };
    onConversionCompleted: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    [key: string]: unknown;
                };
            };
        };
        responses: {
            /** @description Acknowledge the event. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    onConversionFailed: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    [key: string]: unknown;
                };
            };
        };
        responses: {
            /** @description Acknowledge the event. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    onRfiCaseChanged: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    [key: string]: unknown;
                };
            };
        };
        responses: {
            /** @description Acknowledge the event. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
}
