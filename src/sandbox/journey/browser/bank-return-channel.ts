/**
 * How the bank-return page hands the bank's answer back to the journey that started the consent. Same origin only:
 *  1. popup opened by the journey → `window.opener.postMessage(msg, location.origin)`;
 *  2. opener lost (COOP, a new tab) → `BroadcastChannel('hosted-journey:' + consentId)` (same origin, same partition);
 *  3. no journey window at all (unframed journey that navigated top-level to the bank) → sessionStorage + navigation
 *     back into the journey, which resumes at the right step.
 * The journey also polls `/status`, so a result that reaches it by none of these still arrives (cross-partition
 * popups).
 */
export const BANK_RETURN_TYPE = 'hosted-journey:bank-return' as const;

export interface BankReturnMessage {
  type: typeof BANK_RETURN_TYPE;
  consentId: string;
  status: 'authorised' | 'denied';
  params: Record<string, string>;
}

export function broadcastName(consentId: string): string {
  return `hosted-journey:${consentId}`;
}

export function isBankReturnMessage(data: unknown): data is BankReturnMessage {
  if (typeof data !== 'object' || data === null) return false;
  const d = data as Partial<BankReturnMessage>;
  return (
    d.type === BANK_RETURN_TYPE &&
    typeof d.consentId === 'string' &&
    (d.status === 'authorised' || d.status === 'denied') &&
    typeof d.params === 'object' &&
    d.params !== null
  );
}

/** Listens on both same-origin paths for the answer to `consentId`; returns the unsubscribe function. */
export function listenForBankReturn(consentId: string, onResult: (msg: BankReturnMessage) => void): () => void {
  let done = false;
  const deliver = (data: unknown) => {
    if (done || !isBankReturnMessage(data) || data.consentId !== consentId) return;
    done = true;
    onResult(data);
  };
  const onMessage = (e: MessageEvent) => {
    if (e.origin === location.origin) deliver(e.data);
  };
  window.addEventListener('message', onMessage);
  let bc: BroadcastChannel | undefined;
  if (typeof BroadcastChannel === 'function') {
    bc = new BroadcastChannel(broadcastName(consentId));
    bc.onmessage = (e) => deliver(e.data);
  }
  return () => {
    done = true;
    window.removeEventListener('message', onMessage);
    bc?.close();
  };
}

// ---- top-level round trip (unframed journey) ----------------------------------------------------------------------

export interface PendingConsent {
  consentId: string;
  institutionId: string;
  /** The journey URL to come back to. Same-origin path + query only. */
  returnTo: string;
}

const pendingKey = (vendor: string, ref: string) => `hj:pending-consent:${vendor}:${ref}`;
const resultKey = (vendor: string, ref: string) => `hj:bank-result:${vendor}:${ref}`;

function storage(): Storage | undefined {
  try {
    return window.sessionStorage;
  } catch {
    return undefined; // storage disabled (privacy settings): the journey falls back to /status
  }
}

export function savePendingConsent(vendor: string, ref: string, pending: PendingConsent): void {
  storage()?.setItem(pendingKey(vendor, ref), JSON.stringify(pending));
}

export function loadPendingConsent(vendor: string, ref: string): PendingConsent | undefined {
  try {
    const raw = storage()?.getItem(pendingKey(vendor, ref));
    const v = raw ? (JSON.parse(raw) as PendingConsent) : undefined;
    return v &&
      typeof v.consentId === 'string' &&
      typeof v.returnTo === 'string' &&
      v.returnTo.startsWith('/') &&
      !v.returnTo.startsWith('//')
      ? v
      : undefined;
  } catch {
    return undefined;
  }
}

export function saveBankResult(vendor: string, ref: string, msg: BankReturnMessage): void {
  storage()?.setItem(resultKey(vendor, ref), JSON.stringify(msg));
}

/** Reads and removes the stored bank result (and the pending consent it answers). */
export function takeBankResult(vendor: string, ref: string): BankReturnMessage | undefined {
  const s = storage();
  if (!s) return undefined;
  const raw = s.getItem(resultKey(vendor, ref));
  s.removeItem(resultKey(vendor, ref));
  s.removeItem(pendingKey(vendor, ref));
  try {
    const v: unknown = raw ? JSON.parse(raw) : undefined;
    return isBankReturnMessage(v) ? v : undefined;
  } catch {
    return undefined;
  }
}
