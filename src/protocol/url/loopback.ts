/**
 * Loopback hosts, alone in a module of their own: the server's webhook-URL check needs them without the browser's
 * option validation (and its error class) coming along into the server bundles.
 */

/** `localhost`, `127.0.0.0/8` (the URL parser has already normalised forms like `127.1`) and `[::1]`. */
export function isLoopbackHost(hostname: string): boolean {
  return hostname === 'localhost' || hostname === '[::1]' || /^127(\.\d{1,3}){3}$/.test(hostname);
}
