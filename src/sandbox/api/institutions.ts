/**
 * An institution by id on the signed API [ours]: its display name and logo, for the messages an integrator sends the
 * customer about a consent (events carry `institution_id`). The logo is the sandbox bank's own mark, drawn as SVG.
 */
import type { SandboxContext } from '../core/context.js';
import { SandboxErrorCode as E, SandboxHttpError } from '../core/errors.js';
import { json, type Reply, type RequestInfo } from '../core/http.js';
import { findInstitution, type Institution } from '../data/institutions.js';

const logoPath = (inst: Institution) => `/bank/${encodeURIComponent(inst.id)}/logo.svg`;

/** `GET /api/v1/institutions/{id}`. */
export function getInstitution(ctx: SandboxContext, info: RequestInfo): Reply {
  const id = info.params.id ?? '';
  const inst = findInstitution(id);
  if (!inst) throw new SandboxHttpError(E.INSTITUTION_NOT_FOUND, `no institution '${id.slice(0, 64)}'`);
  return json({ id: inst.id, name: inst.name, logo_url: ctx.origin() + logoPath(inst), pathways: [...inst.pathways] });
}

/** `GET /bank/{id}/logo.svg`: the bank's initial on its brand colour, as its pages show it. */
export function institutionLogo(institutionId: string): Reply | null {
  const inst = findInstitution(institutionId);
  if (!inst) return null;
  const initial = inst.name.charAt(0).replace(/[&<>"']/g, '');
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64" role="img" aria-label="${inst.name}">` +
    `<rect width="64" height="64" rx="14" fill="${inst.colour}"/>` +
    `<text x="32" y="44" text-anchor="middle" font-family="system-ui, sans-serif" font-size="34" ` +
    `font-weight="700" fill="#fff">${initial}</text></svg>`;
  return {
    status: 200,
    body: svg,
    headers: { 'content-type': 'image/svg+xml', 'cache-control': 'public, max-age=86400' },
  };
}
