/** The environment variables the credentials come from (fo-sign, the mock's single key pair, the samples). */
export const ACCESS_KEY_ENV = "FO_ACCESS_KEY";
export const SECRET_KEY_ENV = "FO_SECRET_KEY";
