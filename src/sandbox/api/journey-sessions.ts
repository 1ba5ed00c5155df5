/**
 * The journey sessions on the signed API [ours] (journey/recorder.ts records them): one by id, or a page of the
 * token's own, oldest first, filtered by start time, vendor and ref. Another token's session is not found.
 */
import { journeySessionsQuery } from '../../protocol/index.js';
import type { SandboxContext } from '../core/context.js';
import { SandboxErrorCode as E, SandboxHttpError } from '../core/errors.js';
import { json, validate, type Reply, type RequestInfo } from '../core/http.js';
import { pageOf, queryObject } from '../core/pages.js';

/** `GET /api/v1/journey-sessions/{id}` → the session. */
export function getJourneySession(ctx: SandboxContext, info: RequestInfo, tokenId: string): Reply {
  const id = info.params.id!;
  const session = ctx.recorder.get(tokenId, id);
  if (!session) throw new SandboxHttpError(E.JOURNEY_SESSION_NOT_FOUND, `no journey session '${id}' (kept 30 days)`);
  return json(session);
}

/** `GET /api/v1/journey-sessions?since=&vendor=&ref=&cursor=&limit=` → `{ data, next_cursor }`. */
export function listJourneySessions(ctx: SandboxContext, info: RequestInfo, tokenId: string): Reply {
  const q = validate(journeySessionsQuery, queryObject(info.url.searchParams, { numbers: ['limit'] }));
  const since = q.since === undefined ? -Infinity : Date.parse(q.since);
  const page = pageOf({
    items: ctx.recorder.kept(tokenId),
    position: (s) => s.position,
    match: ({ view: v }) =>
      (q.vendor === undefined || v.vendor === q.vendor) &&
      (q.ref === undefined || v.ref === q.ref) &&
      Date.parse(v.started_at) >= since,
    cursor: q.cursor,
    limit: q.limit,
  });
  return json({ data: page.data.map((s) => structuredClone(s.view)), next_cursor: page.next_cursor });
}
