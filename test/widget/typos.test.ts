// @vitest-environment happy-dom
// Misspelt options and script-tag attributes: one console warning each, naming the nearest known name; errors on the
// script tag name the attribute the integrator wrote.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { autoMount } from '../../src/widget/automount.js';
import { createJourney } from '../../src/widget/journey.js';
import { CALLBACKS, OPTIONS, tagNames } from '../../src/widget/surface.js';
import { editDistance, nearest } from '../../src/protocol/nearest.js';
import { acmeScriptTag, scriptTag } from '../support/script-tag.js';

const ORIGIN = 'https://journey.example.com';
const base = { vendor: 'acme', customerId: 'cust_1', journeyOrigin: ORIGIN };
const warnings = () => vi.spyOn(console, 'warn').mockImplementation(() => {});
// The check is a lazy part (it only warns): its warnings follow the mount.
const warned = (warn: ReturnType<typeof warnings>, expected: string[]) =>
  vi.waitFor(() => expect(warn.mock.calls.map((c) => c[0])).toEqual(expected));

afterEach(() => {
  vi.restoreAllMocks();
  document.body.replaceChildren();
});

describe('editDistance and nearest', () => {
  it('counts insertions, deletions, substitutions and neighbour swaps, case-insensitively', () => {
    expect(editDistance('contianer', 'container')).toBe(1);
    expect(editDistance('onCompleted', 'onComplete')).toBe(1);
    expect(editDistance('primaryColor', 'primaryColour')).toBe(1);
    expect(editDistance('JOURNEYORIGIN', 'journeyOrigin')).toBe(0);
    expect(editDistance('kitten', 'sitting')).toBe(3);
    expect(editDistance('', 'abc')).toBe(3);
  });

  it('names the nearest known name, or nothing when none is close', () => {
    const known = [...Object.keys(OPTIONS), ...CALLBACKS];
    expect(nearest('contianer', known)).toBe('container');
    expect(nearest('onCompleted', known)).toBe('onComplete');
    expect(nearest('journeyOrign', known)).toBe('journeyOrigin');
    expect(nearest('customerID', known)).toBe('customerId');
    expect(nearest('zzz', known)).toBeUndefined();
    expect(nearest('analyticsProvider', known)).toBeUndefined();
  });
});

describe('createJourney with a misspelt option', () => {
  it('warns once per unknown key with the nearest known name, and known keys stay silent', async () => {
    const warn = warnings();
    const el = document.createElement('div');
    document.body.append(el);
    // Known keys first: had they warned, their warning would come before the misspelt ones'.
    createJourney({ ...base, container: el, onComplete: () => {}, theme: { font: 'Inter' } }).destroy();
    createJourney({ ...base, container: el, onCompleted: () => {}, ...{ themee: {} } } as never).destroy();
    await warned(warn, [
      "hosted-journey: unknown option 'onCompleted' is ignored; did you mean 'onComplete'?",
      "hosted-journey: unknown option 'themee' is ignored; did you mean 'theme'?",
    ]);
  });

  it('contianer: warns (the journey becomes a modal, which is why it must be loud)', async () => {
    const warn = warnings();
    createJourney({ ...base, ...{ contianer: '#x' } } as never).destroy();
    await warned(warn, ["hosted-journey: unknown option 'contianer' is ignored; did you mean 'container'?"]);
  });

  it('checks the keys of theme too, and warns about a far-off key without a guess', async () => {
    const warn = warnings();
    const el = document.createElement('div');
    document.body.append(el);
    createJourney({
      ...base,
      container: el,
      theme: { primaryColor: '#000000' },
      ...{ zzz: 1 },
    } as never).destroy();
    await warned(warn, [
      "hosted-journey: unknown option 'zzz' is ignored",
      "hosted-journey: unknown option 'theme.primaryColor' is ignored; did you mean 'theme.primaryColour'?",
    ]);
  });
});

describe('the script tag', () => {
  it('warns about a misspelt data- attribute with the nearest attribute, and leaves other tools’ attributes alone', async () => {
    const warn = warnings();
    const div = document.createElement('div');
    div.id = 'j';
    document.body.append(div);
    const s = acmeScriptTag({
      container: '#j',
      'primary-color': '#000000',
      trigerr: '#b',
      cfasync: 'false',
    });
    const handle = await autoMount(s);
    handle?.destroy();
    await warned(warn, [
      'hosted-journey: unknown option data-primary-color is ignored; did you mean data-primary-colour?',
      'hosted-journey: unknown option data-trigerr is ignored; did you mean data-trigger?',
    ]);
  });

  it('a misspelt data-vendor: nothing mounts, and the warning names data-vendor', async () => {
    const warn = warnings();
    const s = scriptTag({ vender: 'acme', 'customer-id': 'cust_1', 'journey-origin': ORIGIN });
    await expect(autoMount(s)).resolves.toBeNull();
    await warned(warn, ['hosted-journey: unknown option data-vender is ignored; did you mean data-vendor?']);
  });

  it('no data-vendor beside our other attributes: one warning that it is missing; a tag with none of ours: none', async () => {
    const warn = warnings();
    await expect(autoMount(scriptTag({ 'customer-id': 'cust_1', 'journey-origin': ORIGIN }))).resolves.toBeNull();
    await warned(warn, ['hosted-journey: data-vendor is missing, so nothing mounts']);
    await expect(autoMount(scriptTag({ cfasync: 'false' }))).resolves.toBeNull();
    await expect(autoMount(scriptTag({}))).resolves.toBeNull();
    await import('../../src/widget/typos.js');
    expect(warn).toHaveBeenCalledTimes(1);
  });

  it('a data-container matching a hidden element first: one warning; the visible one first: none', async () => {
    const warn = warnings();
    const hidden = Object.assign(document.createElement('div'), { className: 'journey' });
    hidden.style.display = 'none';
    const shown = Object.assign(document.createElement('div'), { className: 'journey' });
    document.body.append(hidden, shown);
    // happy-dom has no layout: an element's boxes are what getClientRects says.
    vi.spyOn(hidden, 'getClientRects').mockReturnValue([] as unknown as DOMRectList);
    vi.spyOn(shown, 'getClientRects').mockReturnValue([{}] as unknown as DOMRectList);
    const attrs = { vendor: 'acme', 'customer-id': 'cust_1', 'journey-origin': ORIGIN, container: '.journey' };
    (await autoMount(scriptTag(attrs)))?.destroy();
    expect(warn.mock.calls.map((c) => c[0])).toEqual([
      "hosted-journey: data-container '.journey' matches 2 elements and the journey mounted in the first, which is " +
        'hidden; use a selector that matches only the visible one.',
    ]);
    hidden.remove();
    document.body.append(hidden);
    (await autoMount(scriptTag(attrs)))?.destroy();
    expect(warn).toHaveBeenCalledTimes(1);
  });

  it('names the attribute, not the JS option, in the error', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    const events: Array<{ field?: string; attribute?: string; message: string }> = [];
    document.addEventListener('hosted-journey:error', (e) => events.push((e as CustomEvent).detail), { once: true });
    const s = scriptTag({ vendor: 'acme', 'customer-id': 'cust_1', 'journey-origin': 'ftp://x', container: '#j' });
    await expect(autoMount(s)).resolves.toBeNull();
    expect(events[0]?.attribute).toBe('data-journey-origin');
    expect(events[0]?.field).toBe('journeyOrigin');
    expect(events[0]?.message).toContain('data-journey-origin');
    expect(events[0]?.message).not.toMatch(/\bjourneyOrigin\b/);
    expect(String(errors.mock.calls[0]?.[0])).toContain('data-journey-origin');
  });

  it('knows every attribute the script tag reads', () => {
    for (const name of ['vendor', 'customerId', 'journeyOrigin', 'container', 'trigger', 'primaryColour', 'fullName'])
      expect(tagNames()).toContain(name);
    expect(tagNames()).not.toContain('eventTarget');
  });
});

describe('locale mistakes', () => {
  it('data-lang (as HTML spells it) names data-locale; the option lang names locale', async () => {
    const warn = warnings();
    const div = Object.assign(document.createElement('div'), { id: 'j' });
    document.body.append(div);
    const s = acmeScriptTag({
      container: '#j',
      lang: 'vi',
    });
    (await autoMount(s))?.destroy();
    await warned(warn, ['hosted-journey: unknown option data-lang is ignored; did you mean data-locale?']);
    warn.mockClear();
    createJourney({ ...base, container: div, ...{ lang: 'vi' } } as never).destroy();
    await warned(warn, ["hosted-journey: unknown option 'lang' is ignored; did you mean 'locale'?"]);
  });

  it('a POSIX-style locale (ar_EG, zh_Hant_TW) names the BCP 47 tag meant', async () => {
    const warn = warnings();
    const el = document.createElement('div');
    document.body.append(el);
    createJourney({ ...base, container: el, locale: 'ar_EG' }).destroy();
    await vi.waitFor(() => expect(warn).toHaveBeenCalledTimes(1));
    expect(String(warn.mock.calls[0]![0])).toMatch(/^hosted-journey: locale "ar_EG" is not a BCP 47 language tag/);
    expect(String(warn.mock.calls[0]![0])).toMatch(/ Did you mean 'ar-EG'\?$/);
    createJourney({ ...base, container: el, locale: 'zh_hant_tw' }).destroy();
    await vi.waitFor(() => expect(warn).toHaveBeenCalledTimes(2));
    expect(String(warn.mock.calls[1]![0])).toMatch(/ Did you mean 'zh-Hant-TW'\?$/);
    // No tag either way: no guess.
    createJourney({ ...base, container: el, locale: 'not a tag' }).destroy();
    await vi.waitFor(() => expect(warn).toHaveBeenCalledTimes(3));
    expect(String(warn.mock.calls[2]![0])).not.toContain('Did you mean');
  });
});
