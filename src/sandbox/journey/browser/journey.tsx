/**
 * Entry of the sandbox's hosted-journey pages (built to dist/sandbox-assets/journey.js by `node scripts/build.mjs
 * assets`). The page shell carries no inline script or style: the config arrives as JSON in `#hj-config`, the theme is
 * applied through the CSSOM, the Google font through a `<link>`.
 */
import { render } from 'preact';
import { connectToApp, connectToParent } from '../../../child/index.js';
import { browserLanguages, negotiateLocale } from '../../../protocol/locale.js';
import { parseJourneyUrl } from '../../../protocol/url.js';
import { t, chooseLocale } from './i18n.js';
import { createJourneyApi } from './api-client.js';
import { JourneyApp } from './app.js';
import { createPlainBridge } from './plain-bridge.js';
import { applyTheme } from './theme.js';
import type { JourneyBridge, JourneyConfig } from './types.js';

function readConfig(): JourneyConfig | undefined {
  try {
    const cfg = JSON.parse(document.getElementById('hj-config')?.textContent ?? '') as Partial<JourneyConfig>;
    if (typeof cfg.vendor === 'string' && typeof cfg.ref === 'string' && typeof cfg.apiBase === 'string')
      return cfg as JourneyConfig;
  } catch {
    /* fall through */
  }
  return undefined;
}

function mountPoint(): HTMLElement {
  let root = document.getElementById('hj-root') ?? document.getElementById('app');
  if (!root) {
    root = document.createElement('div');
    root.id = 'hj-root';
    document.body.appendChild(root);
  }
  return root;
}

async function start(): Promise<void> {
  const url = parseJourneyUrl(location.href);
  const config = readConfig();
  const root = mountPoint();
  await chooseLocale(negotiateLocale([url?.locale, ...browserLanguages()]));
  document.title = t('page.title');
  if (!url || !config) {
    root.textContent = t('page.invalidLink');
    return;
  }
  applyTheme(url.theme);
  // In an app's WebView (`native_bridge`): the bridge the URL names; without it the page says what is missing.
  const app = url.native ? connectToApp() : undefined;
  if (app?.missing) {
    root.textContent = t('page.noBridge', { missing: app.missing });
    return;
  }
  // 'plain': the journey runs no bridge and only posts RELEASED to its parent (plain-bridge.ts).
  const bridge: JourneyBridge =
    app ?? (config.protocol === 'plain' ? createPlainBridge(url.parentOrigin) : connectToParent());
  const api = createJourneyApi({
    vendor: config.vendor,
    ref: config.ref,
    session: config.session,
    // The widget's session, so the sandbox's spans and the webhooks these calls cause are in its trace.
    traceparent: () => bridge.traceparent ?? url.traceparent,
    // The widget's session id, so the sandbox's record of the journey session has the id of the widget's events.
    sessionId: () => bridge.sessionId,
  });
  render(<JourneyApp ctx={{ config, url, bridge, api }} />, root);
}

if (document.readyState === 'loading')
  document.addEventListener('DOMContentLoaded', () => void start(), { once: true });
else void start();
