// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, Component, createElement, StrictMode, useState, type ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { journeys, live } from './fake-widget.js';

vi.mock('../../src/widget/index.js', () => import('./fake-widget.js'));
const { HostedJourney, useHostedJourney } = await import('../../src/bindings/react.js');

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
const base = { vendor: 'acme', customerId: 'cust_1', journeyOrigin: 'https://journey.example.com' };
type Props = Parameters<typeof HostedJourney>[0];

let host: HTMLDivElement;
let root: Root;
const render = async (node: ReactNode) => act(async () => root.render(node));
const frames = () => host.querySelectorAll('.fake-iframe').length;

beforeEach(() => {
  journeys.length = 0;
  host = document.createElement('div');
  document.body.appendChild(host);
  root = createRoot(host);
});
afterEach(async () => {
  await act(async () => root.unmount());
  host.remove();
});

describe('hosted-journey/react', () => {
  it('mounts exactly once under StrictMode: one createJourney, one iframe, one live journey', async () => {
    await render(createElement(StrictMode, null, createElement(HostedJourney, base)));
    expect(journeys).toHaveLength(1);
    expect(live()).toHaveLength(1);
    expect(frames()).toBe(1);
    expect(journeys[0]!.options.container).toBe(host.querySelector('[data-hosted-journey]'));
  });

  it('unmount destroys the journey and removes its iframe', async () => {
    await render(createElement(StrictMode, null, createElement(HostedJourney, base)));
    await act(async () => root.unmount());
    expect(live()).toHaveLength(0);
    expect(frames()).toBe(0);
    root = createRoot(host); // afterEach unmounts again
  });

  it('re-creates on changed URL-affecting props, once per change, also under StrictMode', async () => {
    const wrap = (p: Props) => createElement(StrictMode, null, createElement(HostedJourney, p));
    await render(wrap(base));
    await render(wrap({ ...base, customerId: 'cust_2' }));
    await render(wrap({ ...base, customerId: 'cust_2', theme: { primaryColour: '#0B5FFF' } }));
    await render(wrap({ ...base, customerId: 'cust_2', theme: { primaryColour: '#0B5FFF' } })); // equal values
    await render(wrap({ ...base, customerId: 'cust_2', theme: { primaryColour: '#0B5FFF' }, mode: 'inline' }));
    expect(journeys.map((j) => j.options.customerId)).toEqual(['cust_1', 'cust_2', 'cust_2', 'cust_2']);
    expect(live()).toHaveLength(1);
    expect(live()[0]!.options).toMatchObject({ theme: { primaryColour: '#0B5FFF' }, mode: 'inline' });
    expect(frames()).toBe(1);
  });

  it("mode='modal' passes no container, and switching to inline re-creates into the host div", async () => {
    await render(createElement(HostedJourney, { ...base, mode: 'modal' }));
    expect(journeys[0]!.options.mode).toBe('modal');
    expect('container' in journeys[0]!.options).toBe(false);
    await render(createElement(HostedJourney, { ...base, mode: 'inline' }));
    expect(journeys[0]!.destroyed).toBe(true);
    expect(live()[0]!.options.container).toBe(host.querySelector('[data-hosted-journey]'));
  });

  it('callback-only changes keep the journey and the latest callback fires', async () => {
    const first = vi.fn();
    const second = vi.fn();
    await render(createElement(HostedJourney, { ...base, onComplete: first }));
    await render(createElement(HostedJourney, { ...base, onComplete: second }));
    expect(journeys).toHaveLength(1);
    await act(async () => journeys[0]!.emit('completed', { applicationId: 'app_9' }));
    expect(first).not.toHaveBeenCalled();
    expect(second).toHaveBeenCalledWith({ applicationId: 'app_9' });
  });

  it('useHostedJourney reports state and the handle, refreshed by events', async () => {
    const seen: string[] = [];
    let exposed: unknown;
    function App() {
      const { ref, state, handle } = useHostedJourney(base);
      seen.push(state);
      exposed = handle;
      return createElement('section', { ref, 'data-state': state });
    }
    await render(createElement(App));
    const section = host.querySelector('section')!;
    expect(section.dataset.state).toBe('loading');
    expect(exposed).toBe(journeys[0]!.handle);
    await act(async () => journeys[0]!.emit('ready', { step: 'terms' }));
    expect(section.dataset.state).toBe('ready');
    expect(seen[0]).toBe('idle');
  });

  it('does not mount until the ref is attached, and destroys when the element goes away', async () => {
    function App({ show }: { show: boolean }) {
      const { ref } = useHostedJourney(base);
      return show ? createElement('div', { ref }) : null;
    }
    await render(createElement(App, { show: false }));
    expect(journeys).toHaveLength(0);
    await render(createElement(App, { show: true }));
    expect(live()).toHaveLength(1);
    await render(createElement(App, { show: false }));
    expect(live()).toHaveLength(0);
  });

  it('a configuration error reaches the nearest error boundary', async () => {
    class Boundary extends Component<{ children: ReactNode }, { error: Error | null }> {
      override state = { error: null as Error | null };
      static getDerivedStateFromError(error: Error) {
        return { error };
      }
      override render() {
        return this.state.error ? createElement('p', { role: 'alert' }, this.state.error.name) : this.props.children;
      }
    }
    const spy = vi.spyOn(console, 'error').mockImplementation(() => {});
    await render(createElement(Boundary, null, createElement(HostedJourney, { ...base, vendor: '' })));
    spy.mockRestore();
    expect(host.querySelector('[role=alert]')?.textContent).toBe('JourneyConfigError');
  });

  it('hands the handle to handleRef and null on unmount', async () => {
    const seen: unknown[] = [];
    function Toggle() {
      const [on] = useState(true);
      return on ? createElement(HostedJourney, { ...base, handleRef: (h) => seen.push(h) }) : null;
    }
    await render(createElement(Toggle));
    await act(async () => root.unmount());
    root = createRoot(host);
    expect(seen.filter(Boolean)).toEqual([journeys[0]!.handle]);
    expect(seen.at(-1)).toBeNull();
  });
});
