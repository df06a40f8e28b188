/**
 * Default timestamp window of the mock (and of fo-sign's explanations): a mock setting, not a fact about production
 * (the reference gives none).
 */
export const DEFAULT_WINDOW_SECONDS = 300;
/**
 * Default bound on timestamps ahead of the verifier's clock (client clock skew); the reference does not give one
 * either.
 */
export const DEFAULT_FUTURE_SECONDS = 60;
