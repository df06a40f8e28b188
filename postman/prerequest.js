// Collection-level pre-request script of the shipped Postman collection (copied into it by `npm run build`).
// It authenticates every request per the reference: a bearer token in the sandbox and for the portfolio
// variant; in production, HMAC-SHA256 over ACCESS_KEY, TIMESTAMP, METHOD, PATH and the SHA-256 of the
// exact body bytes, never sending one signature twice for a state-changing request. It never logs or stores a key. Variables: authMode (sandbox | production),
// sandboxToken, portfolioToken, accessKey, secretKey, and fileSha256 for a body sent from a file.
// In a function of its own: Postman's sandbox already has globals such as CryptoJS.
(() => {
  const sdk = require("postman-collection");
  const cryptoJs = require("crypto-js");
  // A script error is what Postman and newman both show for the request (pm.execution.skipRequest would
  // hide the reason); the request then goes out without credentials, and nothing secret leaves.
  /** @type {(message: string) => never} */
  const fail = (message) => {
    throw new Error(`financial-operations-api signing: ${message}`);
  };
  /** A variable's value as text (trimmed), or undefined when it is not set. */
  const variable = (/** @type {string} */ name) => {
    const value = pm.variables.get(name);
    return typeof value === "string" ? value.trim() : value === undefined || value === null ? undefined : String(value);
  };
  const setHeader = (/** @type {string} */ key, /** @type {string} */ value) =>
    // @ts-expect-error @types/postman-collection asks a Header; PropertyList#upsert takes its definition too.
    pm.request.headers.upsert({ key, value });

  // The path exactly as it will be requested: path variables and {{variables}} resolved, no query, and
  // percent-encoded where the runtime encodes it (spaces, quotes, <>`{} and non-ASCII).
  const target = new sdk.Url(pm.variables.replaceIn(pm.request.url.toString()));
  // @ts-expect-error @types/postman-collection types the argument as { unresolved }; Url#getPath takes a boolean.
  const path = target.getPath(true).replace(/[\x00-\x20"<>`{}\x7f]|[^\x00-\x7f]+/g, (c) => encodeURIComponent(c));
  if (/[\\#?]|%2f|%5c|%2e/i.test(path) || path.split("/").some((s) => s === "." || s === "..")) {
    fail(
      `the path ${JSON.stringify(path)} would not reach the server as signed (a backslash, #, ?, an encoded slash or dot, or a dot segment)`,
    );
  }

  const bearer = (/** @type {string} */ name) => {
    const token = variable(name);
    if (!token) fail(`set the ${name} variable (the environment file has it) to your token`);
    setHeader("Authorization", `Bearer ${token}`);
  };

  if (/(^|\/)v1\/portfolios\//.test(path)) {
    // The portfolio variant takes a bearer token with portfolio scopes, in every environment.
    bearer("portfolioToken");
  } else if ((variable("authMode") || "sandbox") === "sandbox") {
    bearer("sandboxToken");
  } else if (variable("authMode") !== "production") {
    fail(`authMode is ${JSON.stringify(variable("authMode"))}: use sandbox or production`);
  } else {
    const accessKey = variable("accessKey");
    const secretKey = variable("secretKey");
    if (!accessKey || /[\s:]/.test(accessKey)) fail("set accessKey to your access key (no spaces or colons)");
    // SECRET_KEY is URL-safe Base64 without padding; anything else would sign with the wrong bytes.
    if (!secretKey || !/^[A-Za-z0-9_-]+$/.test(secretKey) || secretKey.length % 4 === 1) {
      fail("secretKey is not URL-safe Base64 without padding (letters, digits, - and _ only)");
    }
    const standard = secretKey.replace(/-/g, "+").replace(/_/g, "/") + "===".slice((secretKey.length + 3) % 4);
    const key = cryptoJs.enc.Base64.parse(standard);
    if (key.sigBytes < 16) fail("secretKey decodes to fewer than 16 bytes");

    const body = pm.request.body;
    /** @type {string} */
    let bodyHash;
    if (!body || body.isEmpty()) {
      bodyHash = cryptoJs.SHA256("").toString(cryptoJs.enc.Hex);
    } else if (body.mode === "raw") {
      // The runtime sends the raw text with its {{variables}} resolved, as UTF-8: hash exactly that.
      bodyHash = cryptoJs
        .SHA256(cryptoJs.enc.Utf8.parse(pm.variables.replaceIn(body.raw ?? "")))
        .toString(cryptoJs.enc.Hex);
    } else if (body.mode === "file") {
      // A script cannot read a file; its hash comes from a variable (sha256sum FILE prints it).
      bodyHash = String(variable("fileSha256") || "").toLowerCase();
      if (!/^[0-9a-f]{64}$/.test(bodyHash))
        fail("a body sent from a file needs fileSha256: set it to the file's SHA-256 (sha256sum FILE)");
    } else {
      fail(
        `a ${body.mode} body is encoded by the runtime after this script runs, so its bytes cannot be signed: send it as raw`,
      );
    }

    const method = pm.request.method.toUpperCase();
    // The signature has whole seconds and no query: the same request twice within a second would carry the same
    // signature, and a server may refuse that as a replay (the project's mock does). So a state-changing request
    // (anything but GET, HEAD, OPTIONS) already signed in this second waits for the next whole second; the
    // sandbox waits for the timer before it sends. Reads may share a second (pages differ only in their query).
    // Remembered: the second and a hash of each method, path and body hash signed in it; never a key.
    const LEDGER = "financialOperationsSigningLedger";
    const changes = !["GET", "HEAD", "OPTIONS"].includes(method);
    const content = cryptoJs.SHA256([method, path, bodyHash].join("\n")).toString(cryptoJs.enc.Hex);
    const sign = () => {
      const now = Date.now();
      const second = Math.floor(now / 1000);
      if (changes) {
        /** @type {{ second?: unknown, signed?: unknown }} */
        let ledger = {};
        try {
          ledger = JSON.parse(pm.collectionVariables.get(LEDGER) || "{}") || {};
        } catch {
          // A variable edited by hand: start afresh.
        }
        const latest = Number(ledger.second) || 0;
        const signed = second === latest && Array.isArray(ledger.signed) ? ledger.signed : [];
        // A clock set back a little (within a minute) waits until it has passed the latest second signed.
        if (signed.includes(content) || (second < latest && latest - second <= 60)) {
          setTimeout(sign, (Math.max(second, latest) + 1) * 1000 - now);
          return;
        }
        pm.collectionVariables.set(LEDGER, JSON.stringify({ second, signed: [...signed, content] }));
      }
      const timestamp = new Date(now)
        .toISOString()
        .replace(/[-:]/g, "")
        .replace(/\.\d{3}/, "");
      const stringToSign = [accessKey, timestamp, method, path, bodyHash].join("\n");
      const signature = cryptoJs.HmacSHA256(stringToSign, key).toString(cryptoJs.enc.Hex);
      setHeader("Authorization", `Service-HMAC-SHA256 ${accessKey}:${timestamp}:${signature}`);
      setHeader("X-SVC-Date", timestamp);
    };
    sign();
  }
})();
