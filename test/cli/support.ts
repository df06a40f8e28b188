// Shared pieces of the fo-sign tests: a test key pair, as the environment holds it.

/** A test secret (32 bytes, URL-safe Base64) and an environment that holds it. */
export const SECRET = "-_-_ABEiM0RVZneImaq7zN3u_wEjRWeJq83v----_6A";
export const env = { FO_ACCESS_KEY: "AK_vector_1", FO_SECRET_KEY: SECRET };
