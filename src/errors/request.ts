/**
 * How a message names the request it is about, as ofetch does: `[POST] "https://host/path"`. Without a URL
 * (one that may carry a secret, or none that parsed) only the method.
 */
export const requestLabel = (method: string, url?: string): string =>
  url === undefined ? `[${method}]` : `[${method}] ${JSON.stringify(url)}`;
