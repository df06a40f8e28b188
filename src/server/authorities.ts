// The names a server of the project answers to: it listens on 127.0.0.1 only, so a request whose Host (or Origin)
// names anything else came through a rebound name or from another site.

/** A server's own authorities on `port`: 127.0.0.1, localhost or [::1], with the port (and without it on 80). */
export function ownAuthorities(port: number): Set<string> {
  const hosts = ["127.0.0.1", "localhost", "[::1]"];
  return new Set([...hosts.map((h) => `${h}:${port}`), ...(port === 80 ? hosts : [])]);
}
