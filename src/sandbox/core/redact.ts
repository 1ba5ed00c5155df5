/**
 * URLs as the sandbox shows them on its home page and in its log: receiver URLs come from options and
 * registrations and may carry credentials (userinfo, query values), which never leave the process.
 */

/** A URL as the index may show it: userinfo and query values replaced by `***`, no fragment. */
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
  return url.toString();
}

/**
 * `text` with every URL in it passed through `displayUrl`: fetch's own messages quote the URL, credentials included
 * ("Request cannot be constructed from a URL that includes credentials: http://user:pass@…").
 */
export function redactUrls(text: string): string {
  return text.replace(/\b[a-z][a-z0-9+.-]*:\/\/[^\s'"<>]+/gi, (url) => displayUrl(url));
}
