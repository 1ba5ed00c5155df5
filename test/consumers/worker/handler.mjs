// What an integrator deploys to a Fetch-API runtime: verify the signature over the raw bytes, then act.
import { verifyRequest, isSignatureVerificationError } from 'hosted-journey/server';

const keys = [{ tokenId: 'tok_1', secret: 'worker_secret' }];

export default {
  /** @param {Request} request */
  async fetch(request) {
    const url = new URL(request.url);
    const body = new Uint8Array(await request.arrayBuffer());
    try {
      const { tokenId } = await verifyRequest({ method: request.method, path: url.pathname + url.search, headers: request.headers, body, keys });
      const event = JSON.parse(new TextDecoder().decode(body));
      return Response.json({ ok: true, tokenId, event_id: event.event_id });
    } catch (error) {
      if (isSignatureVerificationError(error)) return Response.json({ error: error.code }, { status: 401 });
      throw error;
    }
  },
};
