// What a recording never holds (src/server/masked.ts): placeholders that keep a value's type, length and shape; every
// value masked but a kept member's and a status-like token, for any member name (generated); the personal members
// masked whole; credentials, keys, personal names and URL queries in headers; and the kept names held to the bundled
// document, each with a reason.
import { readFileSync } from "node:fs";
import path from "node:path";
import fc from "fast-check";
import { describe, expect, test } from "vitest";
import {
  isJsonType,
  isMaskedHeader,
  isKeptMember,
  isKeptText,
  isMaskedMember,
  KEPT_MEMBERS,
  looksPersonal,
  maskedHeader,
  maskedJson,
  maskedQuery,
  maskedValue,
  placeholder,
  recordedBody,
  wordsOf,
} from "../../src/server/masked.ts";

const root = path.resolve(import.meta.dirname, "../..");
const SEED = { seed: 44, numRuns: 500 };

describe("placeholders keep type, length and shape", () => {
  test("each digit becomes 1, each letter a or A, every other character stays; masking again changes nothing", () => {
    fc.assert(
      fc.property(fc.string({ unit: "grapheme-composite", maxLength: 40 }), (text) => {
        const masked = placeholder(text);
        expect([...masked].length).toBe([...text].length);
        expect(placeholder(masked)).toBe(masked);
        [...text].forEach((c, i) => {
          const m = [...masked][i];
          if (/\p{Nd}/u.test(c)) expect(m).toBe("1");
          else if (/\p{L}/u.test(c)) expect(m).toMatch(/^[aA]$/);
          else expect(m).toBe(c);
        });
      }),
      SEED,
    );
  });

  test.each([
    ["a UUID stays a UUID", "3f1c9a52-7B4E-4d2a-9c8f-1e2d3c4b5a69", /^[0-9a-f]{8}(-[0-9a-f]{4}){3}-[0-9a-f]{12}$/i],
    ["a nine-digit routing code stays nine digits", "021000021", /^\d{9}$/],
    ["an ISO 8601 time stays one", "2026-12-01T10:00:30.500Z", /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d+Z$/],
    ["a date stays one", "1980-05-17", /^\d{4}-\d\d-\d\d$/],
    ["an e-mail address keeps its @ and dots", "jane.public@example.org", /^a+\.a+@a+\.a+$/],
  ])("%s", (_, value, shape) => {
    expect(placeholder(value)).toMatch(shape);
    expect(placeholder(value)).not.toBe(value);
  });

  test("a masked scalar of each JSON type keeps it: booleans become false, null stays", () => {
    expect([true, false, null, 0, -2.5, "Ab1"].map(maskedValue)).toEqual([false, false, null, 1, -1.1, "Aa1"]);
  });

  test("letters and digits beyond ASCII too", () => {
    expect(placeholder("Ölçü ٣ 中")).toBe("Aaaa 1 a");
  });

  test("a masked JSON value keeps its type: numbers stay numbers of as many digits, objects their member names", () => {
    expect(maskedJson({ account_number: 123456789, account_holder_name: { first: "Jane", parts: ["Q", 7] } })).toEqual({
      account_number: 111111111,
      account_holder_name: { first: "Aaaa", parts: ["A", 1] },
    });
  });
});

describe("values masked by default, at any depth", () => {
  const body = {
    bank_accounts: [
      {
        network: "US_ACH",
        account_holder_name: "Jane Q Public",
        currency: "USD",
        account_number: "123456789012",
        institution_id: "021000021",
        institution_name: "Example National Bank",
      },
    ],
    list: [
      { nested: { iban: "DE89370400440532013000", holderName: "JANE", status: "ACTIVE", note: "Jane, 1 Main St" } },
    ],
    risk_score: 87,
    verified: true,
  };

  test("the banking values go, their shape stays; kept members, tokens and literals stay as they were", () => {
    expect(maskedJson(body)).toEqual({
      bank_accounts: [
        {
          network: "US_ACH",
          account_holder_name: "Aaaa A Aaaaaa",
          currency: "USD",
          account_number: "111111111111",
          institution_id: "111111111",
          institution_name: "Aaaaaaa Aaaaaaaa Aaaa",
        },
      ],
      list: [
        { nested: { iban: "AA11111111111111111111", holderName: "AAAA", status: "ACTIVE", note: "Aaaa, 1 Aaaa Aa" } },
      ],
      risk_score: 11,
      verified: true,
    });
  });

  /** A member name the lists say nothing of: neither kept nor personal-looking. */
  const unnamed = fc
    .string({ unit: "grapheme-ascii", minLength: 1, maxLength: 12 })
    .filter((name) => !isKeptMember(name) && !isMaskedMember(name));
  const leaf = fc.oneof(
    fc.string({ unit: "grapheme-composite", maxLength: 24 }),
    fc.double({ noNaN: true }),
    fc.integer(),
  );
  const { tree } = fc.letrec((tie) => ({
    tree: fc.oneof(
      { depthSize: "small" },
      leaf,
      fc.array(tie("tree"), { maxLength: 4 }),
      fc.dictionary(unnamed, tie("tree"), { maxKeys: 4 }),
    ),
  }));

  test("under any name no list gives, every string and number is a placeholder, a token or a literal (generated)", () => {
    const strings = (v: unknown): string[] =>
      typeof v === "string" ? [v] : v && typeof v === "object" ? Object.values(v).flatMap(strings) : [];
    const numbers = (v: unknown): number[] =>
      typeof v === "number" ? [v] : v && typeof v === "object" ? Object.values(v).flatMap(numbers) : [];
    fc.assert(
      fc.property(tree, (value) => {
        const masked = maskedJson(value);
        for (const text of strings(masked))
          if (!isKeptText(text)) expect(placeholder(text), `${text} is not a placeholder`).toBe(text);
        // A masked number is its own placeholder (its digits all 1, but where a double cannot hold that exactly).
        for (const n of numbers(masked)) expect(maskedValue(n), `${n} is not a placeholder`).toBe(n);
        // Only what isKeptText keeps is as it came.
        const kept = strings(value).filter(isKeptText);
        expect(
          strings(masked).filter((t) => !isKeptText(t) && strings(value).includes(t) && placeholder(t) !== t),
        ).toEqual([]);
        expect(kept.every((t) => strings(masked).includes(t))).toBe(true);
      }),
      SEED,
    );
  });

  test("a token is capitals and underscores; true, false and null are literals; anything else is not kept", () => {
    for (const text of ["COMPLETED", "US_ACH", "ACTION_REQUIRED", "true", "false", "null"])
      expect(isKeptText(text), text).toBe(true);
    for (const text of ["A", "Completed", "US-ACH", "GB29NWBK60161331926819", "_X", "X_", "JANE DOE", "True", ""])
      expect(isKeptText(text), text).toBe(false);
  });

  test("the words of a name are split at _, - and camelCase; a plural counts as its word", () => {
    expect(wordsOf("accountHolderName")).toEqual(["account", "holder", "name"]);
    expect(wordsOf("postal-code_2")).toEqual(["postal", "code", "2"]);
    expect(wordsOf("_links__self")).toEqual(["links", "self"]);
    expect(wordsOf("IBAN")).toEqual(["iban"]);
    expect(wordsOf("accountID")).toEqual(["account", "id"]);
    expect(wordsOf("line2Address")).toEqual(["line2", "address"]);
    expect(looksPersonal("IBAN")).toBe(true);
    // A word one letter longer than a personal one is not it: only a plural's s is dropped.
    expect(looksPersonal("cardx")).toBe(false);
    for (const name of ["bankAccounts", "emails", "walletAddress", "routing_number", "apiKey", "answer_text"])
      expect(looksPersonal(name), name).toBe(true);
    for (const name of ["order_status", "quote_id", "network", "currency", "case_class", "total"])
      expect(looksPersonal(name), name).toBe(false);
  });

  test("query values are masked as body members are; a pair left as it was stays byte for byte", () => {
    expect(
      maskedQuery("idempotency_key=0f8e2a51-6c3d-4b7e-9a12-5d4c3b2a1f09&page=2&rfi_status=ANSWERED&x=%2Fy&a=true"),
    ).toBe("idempotency_key=1a1a1a11-1a1a-1a1a-1a11-1a1a1a1a1a11&page=1&rfi_status=ANSWERED&x=%2Fa&a=true");
  });

  test.each([
    ["a name read as a form decodes it (+ is a space)", "first+name=JANE+Q", "first+name=AAAA%20A"],
    ["an encoded name", "account%5Fnumber=12", "account%5Fnumber=11"],
    ["a personal name masks even a token", "holder_name=JANE", "holder_name=AAAA"],
    ["a kept name, whatever its value, as it was written", "subject_type=Recipient+1", "subject_type=Recipient+1"],
    ["a pair without a value", "tokens&page=1", "tokens&page=1"],
    ["a malformed escape is read as it is", "%ZZ=1&account_number=12", "%ZZ=1&account_number=11"],
  ])("%s", (_, query, masked) => {
    expect(maskedQuery(query)).toBe(masked);
  });
});

describe("headers", () => {
  test("Authorization of one word is masked whole; so is any other header named after it", () => {
    expect(maskedHeader("Authorization", "OnlyOneWord")).toBe("AaaaAaaAaaa");
    expect(maskedHeader("X-Authorization", "Bearer tok")).toBe("Aaaaaa aaa");
    expect(maskedHeader("Authorization-Info", "Bearer tok")).toBe("Aaaaaa aaa");
    expect(maskedHeader("Proxy-Authorization", "Basic dXNlcg==")).toBe("Basic aAAaaa==");
  });

  test("Authorization keeps its scheme word, its credentials become a placeholder", () => {
    const signed = `Service-HMAC-SHA256 AKIDEXAMPLE01:20261121T093000Z:${"7f".repeat(32)}`;
    expect(maskedHeader("Authorization", signed)).toBe(
      `Service-HMAC-SHA256 AAAAAAAAAAA11:11111111A111111A:${"1a".repeat(32)}`,
    );
    expect(maskedHeader("authorization", "Bearer tok-3")).toBe("Bearer aaa-1");
  });

  test.each([
    "Cookie",
    "Set-Cookie",
    "Idempotency-Key",
    "X-Api-Key",
    "X-Access-Token",
    "X-Client-Secret",
    "X-Signature",
    "Proxy-Authorization",
  ])("%s is masked whole", (name) => {
    expect(isMaskedHeader(name)).toBe(true);
    expect(maskedHeader(name, "abcDEF-123")).toBe("aaaAAA-111");
  });

  test.each(["Content-Type", "X-SVC-Date", "Retry-After", "Accept", "Location"])("%s stays as it came", (name) => {
    expect(isMaskedHeader(name)).toBe(false);
    expect(maskedHeader(name, "Value 42; charset=x")).toBe("Value 42; charset=x");
  });

  test.each(["X-Account-Number", "X-Customer-Email", "X-Forwarded-For", "X-Real-IP"])(
    "%s names something personal: masked whole",
    (name) => {
      expect(isMaskedHeader(name)).toBe(true);
      expect(maskedHeader(name, "203.0.113.7")).toBe("111.1.111.1");
    },
  );

  test.each([
    [
      "Location",
      "https://x.example/cb?account_number=123&state=OPEN",
      "https://x.example/cb?account_number=111&state=OPEN",
    ],
    ["Referer", "/v1/customers?email=jane%40example.org", "/v1/customers?email=aaaa%40aaaaaaa.aaa"],
    ["Content-Location", "/v1/quotes/q?x=1", "/v1/quotes/q?x=1"],
    ["Location", "h2c://x/p?a=Jane", "h2c://x/p?a=Aaaa"],
  ])("a URL in %s has its query masked", (name, url, masked) => {
    expect(maskedHeader(name, url)).toBe(masked);
  });

  test.each(["see /x?a=Jane", "/x?a=Jane and more", "x?a=Jane"])("%s is no URL: it stays as it came", (text) => {
    expect(maskedHeader("Link", text)).toBe(text);
  });

  test.each(["X-Content-Disposition", "Content-Disposition-Note"])("%s is not Content-Disposition", (name) => {
    expect(maskedHeader(name, "attachment; filename=a.pdf")).toBe("attachment; filename=a.pdf");
  });

  test("Content-Disposition keeps attachment and its parameter names; the file name's letters and digits go", () => {
    expect(maskedHeader("Content-Disposition", 'attachment; filename="jane-public-passport 2.pdf"')).toBe(
      'attachment; filename="aaaa-aaaaaa-aaaaaaaa 1.aaa"',
    );
    expect(maskedHeader("Content-Disposition", 'attachment;filename = "jane;q.pdf"')).toBe(
      'attachment;filename = "aaaa;a.aaa"',
    );
    expect(maskedHeader("content-disposition", "attachment; filename=a.pdf; filename*=UTF-8''%E2%82%AC.pdf")).toBe(
      "attachment; filename=a.aaa; filename*=AAA-1''%A1%11%AA.aaa",
    );
  });
});

describe("bodies: JSON masked, everything else left out", () => {
  test("JSON is recorded with its masked members", () => {
    const json = JSON.stringify({ account_number: "12-34", quote_id: "q" });
    expect(recordedBody("application/json; charset=utf-8", Buffer.from(json), json.length)).toEqual({
      text: '{"account_number":"11-11","quote_id":"a"}',
    });
  });

  const notJson = "not recorded: only JSON bodies are recorded (a document, a form or a page may hold personal data)";
  test.each([
    ["application/pdf", "%PDF-1.7 Jane Q Public", notJson],
    [
      "multipart/form-data; boundary=x",
      "--x\r\nContent-Disposition: form-data; name=file\r\n\r\nJane\r\n--x--",
      notJson,
    ],
    ["text/html", "<h1>502 Bad Gateway</h1>", notJson],
    ["text/plain", '{"name": "Jane"}', notJson],
    ["application/json", "{not json Jane", "not recorded: labelled JSON but does not parse"],
    [undefined, "raw Jane", notJson],
  ])("%s stands as its size and media type only", (type, text, comment) => {
    const recorded = recordedBody(type, Buffer.from(text), Buffer.byteLength(text));
    expect(recorded).toEqual({
      text: `[not recorded: ${Buffer.byteLength(text)} bytes of ${type ?? "no media type"}]`,
      comment,
    });
    expect(JSON.stringify(recorded)).not.toContain("Jane");
  });

  test.each([
    ["application/json", true],
    ["application/problem+json", true],
    ["application/vnd.api+json; charset=utf-8", true],
    ["  application/json ;charset=utf-8", true],
    ["APPLICATION/JSON", true],
    ["application/jsonx", false],
    ["x-application/json", false],
    ["text/json", false],
    ["application/json-seq", false],
    [undefined, false],
  ])("%s is JSON: %s", (type, json) => {
    expect(isJsonType(type)).toBe(json);
  });

  test("an empty body has no text", () => {
    expect(recordedBody("application/json", Buffer.alloc(0), 0)).toEqual({});
  });
});

describe("the masked names, held to the bundled document", () => {
  const document = JSON.parse(readFileSync(path.join(root, "generated/openapi.json"), "utf8"));
  /** Every member name of the document's schemas and every query parameter's name. */
  const names = new Set<string>();
  const collect = (node: unknown): void => {
    if (Array.isArray(node)) for (const item of node) collect(item);
    else if (node && typeof node === "object") {
      const n = node as Record<string, unknown>;
      if (n.properties && typeof n.properties === "object") for (const k of Object.keys(n.properties)) names.add(k);
      if (n.in === "query" && typeof n.name === "string") names.add(n.name);
      for (const v of Object.values(n)) collect(v);
    }
  };
  collect(document);

  test("the walk finds the document's members (the check can fail)", () => {
    expect(names).toContain("account_holder_name");
    expect(names).toContain("order_status");
    expect(names.size).toBeGreaterThan(40);
  });

  test.each(Object.entries(KEPT_MEMBERS))("kept %s is a member of the document, for a reason", (name, why) => {
    expect(names).toContain(name);
    expect(isKeptMember(name)).toBe(true);
    expect(looksPersonal(name)).toBe(false);
    expect(why.length).toBeGreaterThan(10);
  });

  test("a kept value is the service's own: a member of a kept name holds it as it came, even a free text", () => {
    expect(maskedJson({ code: "00020009", order_status: "Completed 2", total: 3 })).toEqual({
      code: "00020009",
      order_status: "Completed 2",
      total: 3,
    });
  });
});
