// @vitest-environment happy-dom
// `<hosted-journey>` mistakes an integrator writing plain HTML would not otherwise see: a misspelt attribute is
// ignored (one warning naming the nearest attribute), and a configuration that cannot mount (no journey-origin) says
// so on the console as well as in its `hosted-journey:config_error` event, naming the attribute.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { defineHostedJourneyElement } from '../../src/bindings/element.js';

defineHostedJourneyElement();
afterEach(() => {
  document.body.replaceChildren();
  vi.restoreAllMocks();
});

function element(attrs: Record<string, string>): HTMLElement {
  const el = document.createElement('hosted-journey');
  for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, v);
  document.body.append(el);
  return el;
}

describe('<hosted-journey> on the console', () => {
  it('a misspelt attribute: one warning naming the nearest; id, class, data-* and aria-* are left alone', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    element({
      vendor: 'acme',
      'customer-id': 'cust_1',
      'journey-origin': 'https://journey.example.com',
      'primary-color': '#00aa55',
      id: 'bank',
      class: 'wide',
      'data-track': 'x',
      'aria-label': 'Connect',
    });
    await vi.waitFor(() =>
      expect(warn.mock.calls.map((c) => c[0])).toEqual([
        "hosted-journey: unknown option attribute 'primary-color' is ignored; did you mean attribute 'primary-colour'?",
      ]),
    );
  });

  it('a prefill attribute (Vue\'s `prefill="[object Object]"` before the element was defined): one console error saying it is a property', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    element({
      vendor: 'acme',
      'customer-id': 'cust_1',
      'journey-origin': 'https://journey.example.com',
      prefill: '[object Object]',
    });
    await vi.waitFor(() => expect(error).toHaveBeenCalledTimes(1));
    expect(String(error.mock.calls[0]![0])).toMatch(
      /ignores the prefill attribute: prefill is a property.*:prefill\.prop/,
    );
    expect(warn).not.toHaveBeenCalled();
  });

  it('no journey-origin: a console error naming the attribute, and the config_error event', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const events: unknown[] = [];
    document.addEventListener('hosted-journey:config_error', (e) => events.push((e as CustomEvent).detail));
    element({ vendor: 'acme', 'customer-id': 'cust_1' });
    await vi.waitFor(() => expect(events).toHaveLength(1));
    expect(error).toHaveBeenCalledTimes(1);
    expect(String(error.mock.calls[0]![0])).toMatch(
      /^hosted-journey: <hosted-journey> did not mount: .*\(attribute 'journey-origin'\)$/,
    );
  });
});
