/**
 * Use case 04: redirect and resume. The integrator's `/apply` page on http://localhost:PORT frames the real sandbox's
 * journey (http://127.0.0.1:PORT2) with `bankAuthorisation: 'redirect'` and `returnUrl: '/apply/bank-return'`; that
 * second page calls `resumeJourney()`. Both pages use the built package (dist/index.js) under a strict CSP.
 */
import path from 'node:path';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { startTestSandbox, type TestSandbox } from '../../../test/support/sandbox.js';
import { bundle, css, html, js, requireDist, serve, type Served } from '../support/serve.js';

const here = path.dirname(fileURLToPath(import.meta.url));

export interface RedirectUseCase {
  sandbox: TestSandbox;
  page: Served;
  /** `/apply` for customer `ref`. */
  apply(ref: string): string;
  /** The `returnUrl` page. */
  returnPage: string;
  close(): Promise<void>;
}

export async function startRedirectUseCase(): Promise<RedirectUseCase> {
  requireDist('index.js');
  const sandbox = await startTestSandbox();
  const csp = `default-src 'self'; script-src 'self'; style-src 'self'; frame-src ${sandbox.url}`;
  const page = (file: string) => ({
    ...html(readFileSync(path.join(here, file), 'utf8').replace('%JOURNEY_ORIGIN%', sandbox.url)),
    headers: { 'content-security-policy': csp },
  });
  const served = await serve(
    {
      '/apply': page('index.html'),
      '/apply/bank-return': page('return.html'),
      '/app.js': js(await bundle(path.join(here, 'app.js'))),
      '/page.css': css(readFileSync(path.join(here, '../01-strict-csp/page.css'), 'utf8')),
    },
    'localhost',
  );
  return {
    sandbox,
    page: served,
    apply: (ref) => `${served.origin}/apply?ref=${ref}`,
    returnPage: `${served.origin}/apply/bank-return`,
    close: async () => {
      await served.close();
      await sandbox.close();
    },
  };
}
