/** Connection-level headers belong to each hop: the client's and Prism's connections are managed apart. */
export const HOP_BY_HOP = new Set(["connection", "keep-alive", "expect", "proxy-connection", "upgrade"]);
