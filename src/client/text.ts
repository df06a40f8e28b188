// The one UTF-8 decoder of the client: send.ts parses the Execute Quote body with it, result.ts the others.
export const utf8 = /* @__PURE__ */ new TextDecoder();
