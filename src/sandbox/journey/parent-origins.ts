/**
 * Which parent origins may frame each vendor's journey (the sandbox's stand-in for the origins an integrator registers
 * with the service). A journey load for another parent gets an error page; a consent's `return_to` must be on the
 * page's registered parent origin. Default: loopback origins only.
 */
import { ID_PATTERN, normaliseOrigin } from '../../protocol/index.js';

/** The entry that stands for every loopback origin: `localhost`, `127.0.0.0/8`, `[::1]`, http or https, any port. */
export const LOOPBACK = 'loopback';
/** The registry key that applies to every vendor without an entry of its own. */
export const ANY_VENDOR = '*';

/**
 * vendor (or `'*'`) → allowed parent origins (exact `scheme://host[:port]`, or `'loopback'`).
 * @example { acme: ['https://app.acme.example', 'loopback'], '*': ['loopback'] }
 */
export type ParentOriginRegistry = Readonly<Record<string, readonly string[]>>;

/** True for http(s) origins on localhost, 127.0.0.0/8 or [::1]. */
export function isLoopbackOrigin(origin: string): boolean {
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return false;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return false;
  const host = url.hostname;
  return host === 'localhost' || host === '[::1]' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host);
}

export type ParentOriginCheck = (vendor: string, origin: string) => boolean;

/** Validates the option (RangeError naming the bad entry) and returns the check. */
export function compileParentOrigins(registry: ParentOriginRegistry | undefined): ParentOriginCheck {
  const table = normaliseRegistry(registry);
  const fallback = table.get(ANY_VENDOR) ?? { loopback: true, origins: new Set<string>() };
  return (vendor, origin) => {
    const entry = table.get(vendor) ?? fallback;
    return entry.origins.has(origin) || (entry.loopback && isLoopbackOrigin(origin));
  };
}

/**
 * The registry as it applies, for display: normalised origins, and the `'*'` entry made explicit (loopback only when
 * the option does not set it).
 * @example describeParentOrigins({ acme: ['https://app.acme.example/'] }) // { acme: ['https://app.acme.example'], '*':
 *   ['loopback'] }
 */
export function describeParentOrigins(registry: ParentOriginRegistry | undefined): Record<string, string[]> {
  const table = normaliseRegistry(registry);
  if (!table.has(ANY_VENDOR)) table.set(ANY_VENDOR, { loopback: true, origins: new Set<string>() });
  const out: Record<string, string[]> = {};
  for (const [vendor, entry] of table) out[vendor] = [...entry.origins, ...(entry.loopback ? [LOOPBACK] : [])];
  return out;
}

function normaliseRegistry(
  registry: ParentOriginRegistry | undefined,
): Map<string, { loopback: boolean; origins: Set<string> }> {
  const table = new Map<string, { loopback: boolean; origins: Set<string> }>();
  for (const [vendor, list] of Object.entries(registry ?? {})) {
    if (vendor !== ANY_VENDOR && !ID_PATTERN.test(vendor))
      throw new RangeError(`parentOrigins: '${vendor}' is not a vendor label (or '*')`);
    if (!Array.isArray(list)) throw new RangeError(`parentOrigins.${vendor} must be an array of origins`);
    const entry = { loopback: false, origins: new Set<string>() };
    for (const o of list) {
      if (o === LOOPBACK) entry.loopback = true;
      else {
        try {
          entry.origins.add(normaliseOrigin(o, `parentOrigins.${vendor}`));
        } catch {
          throw new RangeError(
            `parentOrigins.${vendor}: '${String(o)}' is not an origin (scheme://host[:port]) or '${LOOPBACK}'`,
          );
        }
      }
    }
    table.set(vendor, entry);
  }
  return table;
}
