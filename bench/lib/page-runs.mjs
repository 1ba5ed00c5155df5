// Functions evaluated in the integrator page (they run in Chromium: no closures over Node values).

/**
 * createJourney().open() → onReady, ms; also when the iframe's own load event fired and the journey's `hello` arrived
 * (same clock), and the widget's own share of the time: its main-thread work on this page — `createJourney` and
 * `open()` (the parts: options, messenger, session, iframe, resizer), and its handling of each message the journey
 * sent before ready (the handshake's `welcome` is posted inside the `hello` handler; `ready` until `onReady` runs).
 * A handler's time is read between a listener added before the widget's and one added after its own (listeners run
 * in the order they were added).
 */
export async function widgetToReady({ origin, ref, locale }) {
  const slot = document.createElement('div');
  document.getElementById('slots').append(slot);
  const t0 = performance.now();
  let load = NaN;
  let hello = NaN;
  let handlers = 0;
  let messages = 0;
  let pending = NaN;
  // Passive observers of the journey's messages (the widget does the checking): when its `hello` arrived, and when
  // each of its messages reached the widget's listeners.
  const before = (e) => {
    if (e.origin !== origin) return;
    pending = performance.now();
    if (e.data?.type === 'hello' && Number.isNaN(hello)) hello = pending - t0;
  };
  const after = (e) => {
    if (e.origin !== origin || Number.isNaN(pending)) return;
    handlers += performance.now() - pending;
    messages++;
    pending = NaN;
  };
  window.addEventListener('message', before);
  let made = NaN;
  let opened = NaN;
  const { handle, ready } = await new Promise((resolve, reject) => {
    const handle = window.HJ.createJourney({
      vendor: 'acme',
      customerId: ref,
      journeyOrigin: origin,
      container: slot,
      readyTimeoutMs: 20_000,
      ...(locale ? { locale } : {}),
      onReady: () => {
        const at = performance.now();
        // The rest of the `ready` handler runs after ready: not on the path to it.
        if (!Number.isNaN(pending)) handlers += at - pending;
        pending = NaN;
        window.removeEventListener('message', after);
        resolve({ handle, ready: at - t0 });
      },
      onError: (e) => reject(new Error(`journey error ${e.code}: ${e.message}`)),
    });
    made = performance.now() - t0;
    handle.open();
    opened = performance.now() - t0 - made;
    window.addEventListener('message', after);
    handle.iframe.addEventListener(
      'load',
      () => {
        load = performance.now() - t0;
      },
      { once: true },
    );
  });
  window.removeEventListener('message', before);
  handle.destroy();
  slot.remove();
  return { ready, load, hello, made, opened, handlers, messages, widget: made + opened + handlers };
}

/** A bare <iframe> of the same journey URL (as the widget builds it) → its load event, ms. */
export async function bareIframeToLoad({ origin, ref }) {
  const probe = window.HJ.createJourney({
    vendor: 'acme',
    customerId: ref,
    journeyOrigin: origin,
    container: document.getElementById('slots'),
  });
  const url = probe.url;
  probe.destroy();
  const frame = document.createElement('iframe');
  frame.style.cssText = 'width:100%;height:400px;border:0';
  const t0 = performance.now();
  let placed = NaN;
  const load = await new Promise((resolve) => {
    frame.addEventListener('load', () => resolve(performance.now() - t0), { once: true });
    frame.src = url;
    document.getElementById('slots').append(frame);
    placed = performance.now() - t0;
  });
  frame.remove();
  // `placed`: the page's own work to place an iframe (every embed's, the widget's too), before its load.
  return { load, placed };
}

/** N journeys opened at once → time until every one is ready, ms. Handles stay mounted (window.__open). */
export async function openMany({ origin, n, prefix }) {
  const t0 = performance.now();
  window.__open = [];
  await Promise.all(
    Array.from(
      { length: n },
      (_, i) =>
        new Promise((resolve, reject) => {
          const slot = document.createElement('div');
          document.getElementById('slots').append(slot);
          const handle = window.HJ.createJourney({
            vendor: 'acme',
            customerId: `${prefix}_${i}`,
            journeyOrigin: origin,
            container: slot,
            readyTimeoutMs: 60_000,
            onReady: () => resolve(),
            onError: (e) => reject(new Error(`journey error ${e.code}: ${e.message}`)),
          });
          window.__open.push(handle);
          handle.open();
        }),
    ),
  );
  return performance.now() - t0;
}

export function closeMany() {
  for (const h of window.__open ?? []) h.destroy();
  window.__open = [];
  document.getElementById('slots').replaceChildren();
}

/** Opens the relay fixture journey and collects `step` latencies (receive wall time − send wall time), ms. */
export async function relay({ origin, mode, n, run }) {
  const slot = document.createElement('div');
  document.getElementById('slots').append(slot);
  const latencies = [];
  let invalid = 0;
  await new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`relay: ${latencies.length}/${n} events after 60 s`)), 60_000);
    const handle = window.HJ.createJourney({
      vendor: 'acme',
      customerId: `${mode}_${n}_${run}`,
      journeyOrigin: origin,
      container: slot,
      readyTimeoutMs: 20_000,
      onStep: ({ step }) => {
        latencies.push(performance.timeOrigin + performance.now() - Number(step.slice(1)));
        if (latencies.length === n) {
          clearTimeout(timer);
          handle.destroy();
          resolve();
        }
      },
      onInvalidMessage: () => {
        invalid++;
      },
      onError: (e) => reject(new Error(`journey error ${e.code}`)),
    });
    handle.open();
  });
  slot.remove();
  return { latencies, invalid };
}

/**
 * The relay's floor: a bare <iframe> of the relay page in `bare` mode posts `n` `{ t }` objects (its send time), paced
 * as the widget's run, straight to this page, which checks only the origin and the source window — what any embed
 * that listens for messages must do. → the latencies, ms.
 */
export async function bareRelay({ origin, n, run }) {
  const latencies = [];
  const frame = document.createElement('iframe');
  await new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`bare relay: ${latencies.length}/${n} messages after 60 s`)),
      60_000,
    );
    const onMessage = (e) => {
      if (e.origin !== origin || e.source !== frame.contentWindow) return;
      latencies.push(performance.timeOrigin + performance.now() - Number(e.data.t));
      if (latencies.length === n) {
        clearTimeout(timer);
        window.removeEventListener('message', onMessage);
        resolve();
      }
    };
    window.addEventListener('message', onMessage);
    frame.src = `${origin}/i/acme/bare_${n}_${run}?to=${encodeURIComponent(location.origin)}`;
    document.getElementById('slots').append(frame);
  });
  frame.remove();
  return { latencies };
}

/**
 * Prewarm: a journey created with `prewarm: true` loads hidden until its journey is ready (held); then, at one moment
 * t0, `open()` is called and a bare <iframe> of a fresh journey URL starts loading. → open() → onReady, and the bare
 * iframe's load, both from t0, ms.
 */
export async function prewarmedOpenToReady({ origin, ref }) {
  const slot = document.createElement('div');
  document.getElementById('slots').append(slot);
  let readyAt = NaN;
  let resolveReady;
  const readyP = new Promise((r) => {
    resolveReady = r;
  });
  const handle = window.HJ.createJourney({
    vendor: 'acme',
    customerId: ref,
    journeyOrigin: origin,
    container: slot,
    prewarm: true,
    readyTimeoutMs: 20_000,
    onReady: () => {
      readyAt = performance.now();
      resolveReady();
    },
  });
  // Wait for the hidden journey's ready (state turns 'ready' while onReady is held).
  await new Promise((resolve, reject) => {
    const started = performance.now();
    const poll = () =>
      handle.state === 'ready'
        ? resolve()
        : performance.now() - started > 20_000
          ? reject(new Error('prewarm never ready'))
          : setTimeout(poll, 5);
    poll();
  });
  const probe = window.HJ.createJourney({
    vendor: 'acme',
    customerId: `${ref}_bare`,
    journeyOrigin: origin,
    container: document.getElementById('slots'),
  });
  const url = probe.url;
  probe.destroy();
  const frame = document.createElement('iframe');
  frame.style.cssText = 'width:100%;height:400px;border:0';
  const bareLoad = new Promise((resolve) =>
    frame.addEventListener('load', () => resolve(performance.now()), { once: true }),
  );
  // open() first, then the bare iframe, both timed from the same t0 (appending an iframe costs the page a few ms of
  // its own, which B pays and A does not).
  const t0 = performance.now();
  handle.open();
  frame.src = url;
  document.getElementById('slots').append(frame);
  await readyP;
  const bare = (await bareLoad) - t0;
  frame.remove();
  handle.destroy();
  slot.remove();
  return { ready: readyAt - t0, bare };
}
