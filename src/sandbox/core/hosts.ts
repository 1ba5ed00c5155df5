/**
 * Which `Host` the sandbox's pages, journey API and index answer. A DNS-rebinding page reaches the sandbox under its
 * own DNS name (it resolves that name to 127.0.0.1 after loading), so a request whose `Host` is a name the sandbox does
 * not serve is refused. IP literals and loopback names cannot be rebound; other names must be configured
 * (`host`, `allowedHosts`). The signed API is not guarded here: its HMAC signature is what a rebinding page lacks.
 */

/** The hostname of a `Host` header value (without port, lower case), or undefined when it is not one. */
export function hostnameOf(host: string | undefined): string | undefined {
  if (!host) return undefined;
  try {
    const { hostname, username, password, pathname } = new URL(`http://${host}`);
    if (username || password || pathname !== '/') return undefined;
    return hostname.toLowerCase();
  } catch {
    return undefined;
  }
}

/** True for `localhost` (and `*.localhost`), an IPv4 or bracketed IPv6 literal, or one of `allowed`. */
export function isServedHost(hostname: string, allowed: readonly string[]): boolean {
  const h = hostname.toLowerCase();
  if (h === 'localhost' || h.endsWith('.localhost')) return true;
  if (/^\d{1,3}(\.\d{1,3}){3}$/.test(h) || (h.startsWith('[') && h.endsWith(']'))) return true;
  return allowed.includes(h);
}
