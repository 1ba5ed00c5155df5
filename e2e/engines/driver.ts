/**
 * One small API over three browser engines, so e2e/engines/scenarios.ts is written once:
 *   chromium — Playwright (Debian's full Chromium, the browser a customer has; the rest of e2e/ runs its headless shell);
 *   gecko    — puppeteer-core over WebDriver BiDi (Debian firefox-esr; no geckodriver);
 *   webkit   — webdriverio over WebDriver classic (Debian webkit2gtk-driver: WebKitWebDriver + MiniBrowser, under Xvfb).
 * Frames are named by a CSS selector of an `<iframe>` in the top document. Nothing here relies on init scripts (WebDriver
 * classic has none): pages that need a probe load it themselves (see e2e/fixtures/probe.js, e2e/usecases/support/csp-probe.js).
 * `beforeLoad` is the one exception, for what only exists before a page's scripts (an app's bridge): Chromium's
 * `addInitScript`, Gecko's `evaluateOnNewDocument` (a BiDi preload script); WebKit answers false, and the caller has
 * the page load it itself.
 * A missing engine throws with the exact apt line (scripts/system-deps.mjs), never a skip.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import {
  chromium,
  type Browser as PwBrowser,
  type BrowserContext,
  type Frame as PwFrame,
  type Page as PwPage,
} from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../playwright.config.js';
import { ENGINES, type EngineName } from '../../scripts/system-deps.mjs';

export type { EngineName };
export type Key = 'Escape' | 'Tab' | 'Shift+Tab' | 'Enter';

export interface Engine {
  readonly name: EngineName;
  /** Product and version as the engine reports it, e.g. `Firefox 153.7.0esr`. */
  readonly version: string;
  /** A fresh window (own cookies and storage where the engine allows). */
  newPage(): Promise<Driver>;
  close(): Promise<void>;
}

export interface Driver {
  /** Navigates and waits for `load`. */
  goto(url: string): Promise<void>;
  /** Runs `fn(arg)` in the top document or in the document of the iframe matched by `frame`; the result is JSON. */
  evaluate<R, A = undefined>(fn: (arg: A) => R | Promise<R>, arg?: A, frame?: string): Promise<R>;
  /** A real (trusted, user-activating) click on `selector`, in the top document or in `frame`. */
  click(selector: string, frame?: string): Promise<void>;
  /**
   * A real key press, delivered to whatever has focus. `releaseWhen`: for a key whose keydown removes the frame that
   * has the focus (Escape closing the modal) — Chromium keeps the key down until it holds, since a keyup routed to a
   * frame being removed can lose its acknowledgement and leave the press waiting for ever; the other drivers' presses
   * do not wait on the keyup and ignore it.
   */
  press(key: Key, releaseWhen?: () => Promise<boolean>): Promise<void>;
  /** Real key presses of each character of `text`, delivered to whatever has focus. */
  type(text: string): Promise<void>;
  /** Runs `action` and resolves with the window it opened. */
  popup(action: () => Promise<void>): Promise<Driver>;
  isClosed(): Promise<boolean>;
  /**
   * Makes the page's viewport `width` × `height` CSS pixels (Chromium, Gecko); WebKitGTK's driver sizes the outer
   * window, so its viewport is the window less the browser's chrome. Read `innerWidth` for what was reached.
   */
  resize(width: number, height: number): Promise<void>;
  /**
   * Runs `fn(arg)` in every document this window loads from now on, before the document's own scripts. False, and
   * nothing done, where the engine has no such hook: WebKitGTK over WebDriver classic (preload scripts are BiDi's).
   */
  beforeLoad<A>(fn: (arg: A) => void, arg: A): Promise<boolean>;
  /** How many windows this window's browser context (WebKit: its session) has open, this one included. */
  windows(): Promise<number>;
  /** Closes this window as the customer would. */
  close(): Promise<void>;
}

/** Launches `name`; throws with the apt line when it is not installed. */
export async function launch(name: EngineName): Promise<Engine> {
  const missing = ENGINES[name].missing();
  if (missing) throw new Error(`${name} is not installed: ${missing}`);
  if (name === 'chromium') return launchChromium();
  if (name === 'gecko') return launchGecko();
  return launchWebKit();
}

// ---- chromium: Playwright --------------------------------------------------------------------------------------

async function launchChromium(): Promise<Engine> {
  // Playwright turns Chromium's popup blocker off by default; the blocked-popup scenario needs the real one.
  const browser: PwBrowser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: CHROMIUM_ARGS,
    ignoreDefaultArgs: ['--disable-popup-blocking'],
  });
  const contexts: BrowserContext[] = [];
  return {
    name: 'chromium',
    version: `Chromium ${browser.version()}`,
    async newPage() {
      const context = await browser.newContext();
      contexts.push(context);
      return playwrightDriver(await context.newPage());
    },
    close: async () => {
      await Promise.all(contexts.map((c) => c.close().catch(() => undefined)));
      await browser.close();
    },
  };
}

function playwrightDriver(page: PwPage): Driver {
  const frameOf = async (frame?: string): Promise<PwFrame> => {
    if (!frame) return page.mainFrame();
    const f = await (await page.waitForSelector(frame, { state: 'attached' })).contentFrame();
    if (!f) throw new Error(`no frame in ${frame}`);
    return f;
  };
  return {
    goto: async (url) => void (await page.goto(url)),
    evaluate: async (fn, arg, frame) => (await frameOf(frame)).evaluate(fn as never, arg) as never,
    click: async (selector, frame) => (frame ? page.frameLocator(frame) : page).locator(selector).click(),
    press: async (key, releaseWhen) => {
      if (!releaseWhen) return page.keyboard.press(key);
      // The keydown's own acknowledgement can be lost the same way (seen once: down() waited until the test's 90 s
      // timeout), so the condition is polled while it is pending, and once it holds the keydown is waited for a
      // second at most. The key is released in any case: Playwright counts it down from the moment it sent it.
      const down = page.keyboard.down(key).then(
        () => undefined,
        () => undefined,
      );
      const pause = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));
      for (const end = Date.now() + 15_000; Date.now() < end && !(await releaseWhen()); ) await pause(50);
      await Promise.race([down, pause(1000)]);
      await page.keyboard.up(key);
    },
    type: (text) => page.keyboard.type(text, { delay: 20 }),
    popup: async (action) => {
      const [popup] = await Promise.all([page.context().waitForEvent('page'), action()]);
      await popup.waitForLoadState();
      return playwrightDriver(popup);
    },
    isClosed: async () => page.isClosed(),
    resize: (width, height) => page.setViewportSize({ width, height }),
    beforeLoad: async (fn, arg) => {
      await page.addInitScript(fn as never, arg);
      return true;
    },
    windows: async () => page.context().pages().length,
    close: () => page.close({ runBeforeUnload: false }),
  };
}

// ---- gecko: puppeteer-core over WebDriver BiDi -----------------------------------------------------------------

async function launchGecko(): Promise<Engine> {
  const puppeteer = (await import('puppeteer-core')).default;
  const browser = await puppeteer.launch({
    browser: 'firefox',
    executablePath: ENGINES.gecko.path,
    headless: true,
    // puppeteer's Firefox profile (and the remote agent) turn the popup blocker off; the blocked-popup scenario needs it.
    extraPrefsFirefox: { 'dom.disable_open_during_load': true },
  });
  const raw = await browser.version(); // e.g. "firefox/153.7.0esr"
  return {
    name: 'gecko',
    version: `Firefox ${raw.split('/').pop()}`,
    async newPage() {
      const context = await browser.createBrowserContext();
      return puppeteerDriver(await context.newPage());
    },
    close: () => browser.close(),
  };
}

type PPage = import('puppeteer-core').Page;
type PFrame = import('puppeteer-core').Frame;

function puppeteerDriver(page: PPage): Driver {
  const frameOf = async (frame?: string): Promise<PFrame> => {
    if (!frame) return page.mainFrame();
    const handle = await page.waitForSelector(frame);
    const f = await handle?.contentFrame();
    if (!f) throw new Error(`no frame in ${frame}`);
    return f;
  };
  return {
    goto: async (url) => void (await page.goto(url, { waitUntil: 'load' })),
    evaluate: async (fn, arg, frame) => (await frameOf(frame)).evaluate(fn as never, arg as never) as never,
    click: async (selector, frame) => {
      const el = await (await frameOf(frame)).waitForSelector(selector, { visible: true });
      await el!.click();
    },
    press: async (key) => {
      if (key === 'Shift+Tab') {
        await page.keyboard.down('Shift');
        await page.keyboard.press('Tab');
        await page.keyboard.up('Shift');
      } else await page.keyboard.press(key);
    },
    type: (text) => page.keyboard.type(text, { delay: 20 }),
    popup: async (action) => {
      const opened = new Promise<PPage>((resolve) => {
        const onTarget = async (t: import('puppeteer-core').Target) => {
          const p = t.type() === 'page' ? await t.page() : null;
          if (p && p !== page) {
            page.browser().off('targetcreated', onTarget);
            resolve(p);
          }
        };
        page.browser().on('targetcreated', onTarget);
      });
      await action();
      return puppeteerDriver(await opened);
    },
    isClosed: async () => page.isClosed(),
    resize: (width, height) => page.setViewport({ width, height }),
    beforeLoad: async (fn, arg) => {
      await page.evaluateOnNewDocument(fn as never, arg);
      return true;
    },
    windows: async () => (await page.browserContext().pages()).length,
    close: () => page.close(),
  };
}

// ---- webkit: webdriverio over WebKitWebDriver, MiniBrowser under Xvfb ------------------------------------------

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
    s.on('error', reject);
  });

async function launchWebKit(): Promise<Engine> {
  // webdriverio calls classic `switchToFrame` deprecated in favour of `switchFrame`, which needs BiDi — which
  // WebKitWebDriver does not speak. Classic is what this engine has, so its notice is noise.
  process.env.DISABLE_WEBDRIVERIO_DEPRECATION_WARNINGS ??= 'true';
  const { remote } = await import('webdriverio');
  const port = await freePort();
  // xvfb-run starts Xvfb on a free display and WebKitWebDriver on it; both live in one process group, stopped by its id.
  const driver: ChildProcess = spawn(
    'xvfb-run',
    ['-a', '-s', '-screen 0 1280x1024x24', ENGINES.webkit.driver, `--port=${port}`],
    { detached: true, stdio: 'ignore' },
  );
  const stop = () => {
    try {
      if (driver.pid) process.kill(-driver.pid, 'SIGTERM');
    } catch {
      /* already gone */
    }
  };
  try {
    for (let i = 0; ; i++) {
      const up = await fetch(`http://127.0.0.1:${port}/status`).then(
        (r) => r.ok,
        () => false,
      );
      if (up) break;
      if (i > 100 || driver.exitCode !== null) throw new Error(`WebKitWebDriver did not start on port ${port}`);
      await new Promise((r) => setTimeout(r, 100));
    }
    const wd = await remote({
      hostname: '127.0.0.1',
      port,
      path: '/',
      logLevel: 'silent', // failures reach the scenario as exceptions; a poll's "not yet" is not worth a log line
      connectionRetryCount: 0,
      // WebKitWebDriver speaks WebDriver classic only: no `webSocketUrl` (webdriverio asks for BiDi unless told not to).
      capabilities: {
        'wdio:enforceWebDriverClassic': true,
        'webkitgtk:browserOptions': { binary: ENGINES.webkit.path, args: ['--automation'] },
      } as WebdriverIO.Capabilities,
    });
    const state: WdState = { wd, current: await wd.getWindowHandle(), used: new Set() };
    return {
      name: 'webkit',
      version: `WebKitGTK ${wd.capabilities.browserVersion ?? '?'}`,
      // One session is one MiniBrowser; a page is a window of it (WebDriver classic has no fresh profile per window):
      // a window no open page uses (the session's first, blanked when its page closed), else a new one.
      async newPage() {
        const free = (await wd.getWindowHandles()).find((h) => !state.used.has(h));
        const handle = free ?? (await wd.createWindow('window')).handle;
        state.used.add(handle);
        return webdriverDriver(state, handle);
      },
      close: async () => {
        await wd.deleteSession().catch(() => undefined);
        stop();
      },
    };
  } catch (error) {
    stop();
    throw error;
  }
}

interface WdState {
  wd: WebdriverIO.Browser;
  current: string;
  /** The windows an open page uses. */
  used: Set<string>;
}

const KEYS: Record<Key, string[]> = {
  Escape: ['\uE00C'],
  Tab: ['\uE004'],
  Enter: ['\uE007'],
  'Shift+Tab': ['\uE008', '\uE004'],
};

function webdriverDriver(state: WdState, handle: string): Driver {
  const { wd } = state;
  /** Puts the session in this window, in the top document or in `frame`. */
  const enter = async (frame?: string) => {
    if (state.current !== handle) {
      await wd.switchToWindow(handle);
      state.current = handle;
    }
    await wd.switchToFrame(null);
    if (!frame) return;
    const el = await wd.$(frame);
    await el.waitForExist({ timeout: 10_000 });
    await wd.switchToFrame(el as never);
  };
  const self: Driver = {
    goto: async (url) => {
      await enter();
      await wd.navigateTo(url);
    },
    evaluate: async (fn, arg, frame) => {
      await enter(frame);
      // WebDriver's execute awaits a returned promise.
      return wd.execute(`return (${fn.toString()})(arguments[0])`, arg) as never;
    },
    click: async (selector, frame) => {
      if (frame) {
        // WebKitWebDriver scrolls an element into view within its own frame only: bring it into the top viewport too.
        await enter(frame);
        const y = await wd.execute((s: string) => {
          const r = document.querySelector(s)?.getBoundingClientRect();
          return r ? r.top + r.height / 2 : 0;
        }, selector);
        await enter();
        await wd.execute(
          (f: string, y: number) => {
            const top = document.querySelector(f)!.getBoundingClientRect().top;
            window.scrollBy(0, top + y - innerHeight / 2);
          },
          frame,
          y,
        );
      }
      await enter(frame);
      const el = await wd.$(selector);
      await el.waitForDisplayed({ timeout: 10_000 });
      await el.click();
    },
    press: async (key) => {
      await enter();
      const down = KEYS[key].map((value) => ({ type: 'keyDown', value }));
      const up = KEYS[key].map((value) => ({ type: 'keyUp', value })).reverse();
      await wd.performActions([{ type: 'key', id: 'keyboard', actions: [...down, ...up] }]);
      await wd.releaseActions();
    },
    type: async (text) => {
      await enter();
      const actions = [...text].flatMap((value) => [
        { type: 'keyDown', value },
        { type: 'keyUp', value },
        { type: 'pause', duration: 20 },
      ]);
      await wd.performActions([{ type: 'key', id: 'keyboard', actions }]);
      await wd.releaseActions();
    },
    popup: async (action) => {
      const before = new Set(await wd.getWindowHandles());
      await action();
      for (let i = 0; i < 100; i++) {
        const added = (await wd.getWindowHandles()).find((h) => !before.has(h));
        if (added) {
          state.used.add(added);
          return webdriverDriver(state, added);
        }
        await new Promise((r) => setTimeout(r, 100));
      }
      // Seen once under load (renew mode): say where the page is, so a blocked popup (the widget's redirect fallback
      // takes the page to /bank-redirect/) reads apart from a click the journey never got.
      await enter();
      throw new Error(`no popup opened (the page is at ${await wd.getUrl()})`);
    },
    isClosed: async () => !(await wd.getWindowHandles()).includes(handle),
    resize: async (width, height) => {
      await enter();
      await wd.setWindowSize(width, height);
    },
    beforeLoad: async () => false,
    windows: async () => (await wd.getWindowHandles()).length,
    close: async () => {
      await enter();
      state.used.delete(handle);
      const handles = await wd.getWindowHandles();
      // Closing a session's last window ends the session: the last one is blanked and kept for the next page.
      if (handles.length === 1) return void (await wd.navigateTo('about:blank'));
      await wd.closeWindow();
      const left = await wd.getWindowHandles();
      if (left[0]) await wd.switchToWindow(left[0]);
      state.current = left[0] ?? '';
    },
  };
  return self;
}
