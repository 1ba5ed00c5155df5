// One webhook attempt on the wire: a POST over node:http(s) through keep-alive agents, the answer's status and its
// first bytes. The sender used fetch; node:http costs about a fifth of its CPU per delivery (5,000 POSTs to a loopback
// receiver: 0.4–0.8 CPU-s against 1.8–3.6, receiver included), which the consent year's thousands of deliveries feel.
// As with fetch, no redirect is followed (a 3xx is the receiver's answer: redirect 'manual') and a URL with credentials
// is refused with fetch's words (nothing is sent; the sandbox index shows the attempt's error, the URL masked).
import http from 'node:http';
import https from 'node:https';

/** How long an idle kept-alive connection stays open. */
const IDLE_MS = 4_000;

export interface Answer {
  status: number;
  /** The answer's first `answerBytes` bytes, as UTF-8. */
  text: string;
}

export interface Poster {
  /** Rejects when the connection fails or `signal` aborts (before or while the answer arrives). */
  post(url: URL, headers: Record<string, string>, body: string, signal: AbortSignal): Promise<Answer>;
  /** Closes the kept-alive connections. */
  close(): void;
}

/** One delivery as it goes out. */
interface Outgoing {
  url: URL;
  headers: Record<string, string>;
  body: string;
  signal: AbortSignal;
}

export function createPoster(answerBytes: number): Poster {
  // An idle connection is closed after 4 s, before a Node receiver's own 5 s (keepAliveTimeout): Node's agent applies a
  // server's `Keep-Alive: timeout` hint only under a timeout of its own.
  const agents = {
    http: new http.Agent({ keepAlive: true, timeout: IDLE_MS }),
    https: new https.Agent({ keepAlive: true, timeout: IDLE_MS }),
  };
  const once = (out: Outgoing, fresh: boolean) =>
    new Promise<Answer>((resolve, reject) => {
      const { url, headers, body, signal } = out;
      const secure = url.protocol === 'https:';
      const req = (secure ? https.request : http.request)(
        url,
        {
          method: 'POST',
          // A retry after a kept-alive connection was reset goes out on a connection of its own.
          agent: fresh ? false : secure ? agents.https : agents.http,
          headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) },
          signal,
        },
        (res) => readAnswer(res, answerBytes).then(resolve, reject),
      );
      req.once('error', (error: NodeJS.ErrnoException) =>
        // The receiver closed an idle connection as this request went out on it: it never saw the request.
        req.reusedSocket && error.code === 'ECONNRESET' && !signal.aborted && !fresh
          ? once(out, true).then(resolve, reject)
          : reject(error),
      );
      req.end(body);
    });
  return {
    post(url, headers, body, signal) {
      if (url.username || url.password)
        return Promise.reject(
          new TypeError(`Request cannot be constructed from a URL that includes credentials: ${url.href}`),
        );
      return once({ url, headers, body, signal }, false);
    },
    close() {
      agents.http.destroy();
      agents.https.destroy();
    },
  };
}

function readAnswer(res: http.IncomingMessage, answerBytes: number): Promise<Answer> {
  return new Promise<Answer>((resolve, reject) => {
    const chunks: Buffer[] = [];
    let kept = 0;
    res.on('data', (c: Buffer) => {
      if (kept < answerBytes) {
        chunks.push(c);
        kept += c.length;
      }
    });
    res.once('end', () =>
      resolve({
        status: res.statusCode ?? 0,
        text: new TextDecoder().decode(Buffer.concat(chunks).subarray(0, answerBytes)),
      }),
    );
    res.once('error', reject);
    res.once('close', () => {
      if (!res.complete) reject(new Error('the connection closed before the answer ended'));
    });
  });
}
