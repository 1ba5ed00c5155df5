// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render } from '@testing-library/preact';
import { act } from 'preact/test-utils';
import { journeys, live } from './fake-widget.js';

vi.mock('../../src/widget/index.js', () => import('./fake-widget.js'));
const { HostedJourney } = await import('../../src/bindings/preact.js');

const base = { vendor: 'acme', customerId: 'cust_1', journeyOrigin: 'https://journey.example.com' };

beforeEach(() => {
  journeys.length = 0;
});
afterEach(() => cleanup());

describe('<HostedJourney> (Preact)', () => {
  it('mounts one inline journey into the div it renders', () => {
    const { container } = render(<HostedJourney {...base} class="jr" startAt="banks" />);
    const host = container.querySelector('div.jr');
    expect(host).not.toBeNull();
    expect(journeys).toHaveLength(1);
    expect(journeys[0]!.options.container).toBe(host);
    expect(journeys[0]!.options).toMatchObject({ ...base, startAt: 'banks' });
    expect(host!.querySelectorAll('.fake-iframe')).toHaveLength(1);
  });

  it("mode='modal' passes no container (a modal mounts on document.body) and still destroys on unmount", () => {
    const { unmount } = render(<HostedJourney {...base} mode="modal" />);
    expect(journeys[0]!.options.mode).toBe('modal');
    expect('container' in journeys[0]!.options).toBe(false);
    act(() => {
      unmount();
    });
    expect(live()).toHaveLength(0);
    expect(document.body.querySelectorAll('.fake-iframe')).toHaveLength(0);
  });

  it('does not pass rendering props or undefined options to createJourney', () => {
    render(<HostedJourney {...base} class="x" id="j" institutionId={undefined} />);
    const keys = Object.keys(journeys[0]!.options);
    expect(keys).not.toContain('class');
    expect(keys).not.toContain('id');
    expect(keys).not.toContain('institutionId');
  });

  it('destroys the journey on unmount', () => {
    const { unmount, container } = render(<HostedJourney {...base} />);
    expect(live()).toHaveLength(1);
    act(() => {
      unmount();
    });
    expect(live()).toHaveLength(0);
    expect(journeys[0]!.destroyed).toBe(true);
    expect(container.querySelectorAll('.fake-iframe')).toHaveLength(0);
  });

  it('re-creates when a URL-affecting prop changes, destroying the old journey first', () => {
    const { rerender, container } = render(<HostedJourney {...base} />);
    for (const props of [
      { ...base, customerId: 'cust_2' },
      { ...base, customerId: 'cust_2', startAt: 'terms' as const },
      { ...base, customerId: 'cust_2', startAt: 'terms' as const, theme: { primaryColour: '#0B5FFF' } },
      { ...base, customerId: 'cust_2', startAt: 'terms' as const, theme: { primaryColour: '#FF0000' } },
      {
        ...base,
        customerId: 'cust_2',
        startAt: 'terms' as const,
        theme: { primaryColour: '#FF0000' },
        collect: ['analysis'] as const,
      },
      { ...base, vendor: 'other', customerId: 'cust_2' },
      { ...base, journeyOrigin: 'https://journey2.example.com' },
    ])
      rerender(<HostedJourney {...props} />);
    expect(journeys).toHaveLength(8);
    expect(live()).toHaveLength(1);
    expect(live()[0]!.options.journeyOrigin).toBe('https://journey2.example.com');
    expect(container.querySelectorAll('.fake-iframe')).toHaveLength(1);
  });

  it('does not re-create for equal values in new objects (inline theme, collect arrays)', () => {
    const { rerender } = render(
      <HostedJourney {...base} theme={{ primaryColour: '#0B5FFF', font: 'Inter' }} collect={['analysis']} />,
    );
    rerender(<HostedJourney {...base} theme={{ font: 'Inter', primaryColour: '#0B5FFF' }} collect={['analysis']} />);
    expect(journeys).toHaveLength(1);
  });

  it('keeps the journey when only callbacks change, and calls the latest callback', () => {
    const first = vi.fn();
    const second = vi.fn();
    const { rerender } = render(<HostedJourney {...base} onComplete={first} />);
    rerender(<HostedJourney {...base} onComplete={second} onReady={() => {}} />);
    expect(journeys).toHaveLength(1);
    act(() => journeys[0]!.emit('completed', { applicationId: 'app_1' }));
    expect(first).not.toHaveBeenCalled();
    expect(second).toHaveBeenCalledWith({ applicationId: 'app_1' });
  });

  it('fires a callback that was added after mount', () => {
    const onStep = vi.fn();
    const { rerender } = render(<HostedJourney {...base} />);
    rerender(<HostedJourney {...base} onStep={onStep} />);
    act(() => journeys[0]!.emit('step', { step: 'banks' }));
    expect(onStep).toHaveBeenCalledWith({ step: 'banks' });
  });

  it('hands out the live handle and null after unmount', () => {
    const seen: unknown[] = [];
    const { unmount } = render(<HostedJourney {...base} handleRef={(h) => seen.push(h)} />);
    expect(seen).toEqual([journeys[0]!.handle]);
    act(() => {
      unmount();
    });
    expect(seen).toEqual([journeys[0]!.handle, null]);
  });
});
