/**
 * The journey's side when it runs no bridge (`journeyProtocol: 'plain'`), like the service's own journey: no
 * handshake, no events, no resize — it only tells the parent, once, that the customer is done, by posting `RELEASED`
 * in both shapes the service is seen to use: the string `'RELEASED'` and the object `{ event: 'RELEASED' }`.
 * 1. It posts only to the parent origin the page was served for (`parent_origin`, checked against the vendor's
 *    registered origins when the page loaded), never to `'*'`; without one, or unframed, it posts nothing.
 * 2. "Done" is the first of `released` (the crawler needs nothing more) and `completed` (the data is retrieved).
 * 3. Everything else a page asks of the bridge is answered locally: visible at once, no prefill, no parent messages.
 */
import type { JourneyBridge } from './types.js';

export const RELEASED = 'RELEASED';

/** What the page posts and where; `window.parent.postMessage` in the browser. */
export type PostToParent = (message: unknown, targetOrigin: string) => void;

export function createPlainBridge(
  parentOrigin: string | undefined,
  post: PostToParent | undefined = window.parent !== window ? (m, o) => window.parent.postMessage(m, o) : undefined,
): JourneyBridge {
  let released = false;
  const release = () => {
    if (released || !post || !parentOrigin) return;
    released = true;
    post(RELEASED, parentOrigin);
    post({ event: RELEASED }, parentOrigin);
  };
  return {
    // Framed or not decides how the bank page opens (a popup when framed: the bank refuses to be framed).
    framed: post !== undefined,
    connected: Promise.resolve({}),
    whenVisible: () => Promise.resolve(),
    visible: true,
    emit(type) {
      if (type === 'released' || type === 'completed') release();
    },
    on: () => () => undefined,
    onClose: () => () => undefined,
  };
}
