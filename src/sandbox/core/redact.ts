/**
 * URLs as the sandbox shows them on its home page and in its log: receiver URLs come from options and
 * registrations and may carry credentials (userinfo, query values, a secret path segment), which never leave the
 * process.
 */

/**
 * A path segment that looks like a token (Slack-style `…/services/T0/B0/<secret>` URLs): token characters only
 * (letters, digits, `-`, `_`), and 20 or more letters and digits without a separator, or 16 or more mixing letters and
 * digits. Paths made of words (`webhooks`, `hosted-journey`, `api/v1`) stay readable.
 */
function looksSecret(segment: string): boolean {
  if (!/^[A-Za-z0-9_-]+$/.test(segment)) return false;
  if (segment.length >= 20 && /^[A-Za-z0-9]+$/.test(segment)) return true;
  return segment.length >= 16 && /\d/.test(segment) && /[A-Za-z]/.test(segment);
}

/**
 * A URL as the index may show it: userinfo, query values and secret-looking path segments replaced by `***`, no
 * fragment.
 */
export function displayUrl(raw: string): string {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return '(not a URL)';
  }
  if (url.username) url.username = '***';
  if (url.password) url.password = '***';
  const keys = [...url.searchParams.keys()];
  url.search = keys.length > 0 ? new URLSearchParams(keys.map((k) => [k, '***'])).toString() : '';
  url.hash = '';
  url.pathname = url.pathname
    .split('/')
    .map((segment) => (looksSecret(segment) ? '***' : segment))
    .join('/');
  return url.toString();
}

/**
 * `text` with every URL in it passed through `displayUrl`: fetch's own messages quote the URL, credentials included
 * ("Request cannot be constructed from a URL that includes credentials: http://user:pass@…").
 */
export function redactUrls(text: string): string {
  return text.replace(/\b[a-z][a-z0-9+.-]*:\/\/[^\s'"<>]+/gi, (url) => displayUrl(url));
}
