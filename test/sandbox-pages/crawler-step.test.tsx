// @vitest-environment happy-dom
// The journey's crawler step reads the documented lifecycle statuses the journey API answers:
// AUTH asks for the code, TIMEDOUT sends the customer back to the login with the catalogue's words (never the
// server's message), RELEASED moves on.
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CrawlerResult, JourneyApi } from '../../src/sandbox/journey/browser/api-client.js';
import { CrawlerStep } from '../../src/sandbox/journey/browser/steps/crawler.js';

afterEach(() => cleanup());

const institution = { id: 'sandbox-bank', name: 'Sandbox Bank', pathways: ['crawler' as const] };

function mount(login: CrawlerResult, otp: CrawlerResult) {
  const api = {
    crawlerLogin: vi.fn(async () => login),
    crawlerOtp: vi.fn(async () => otp),
  } as unknown as JourneyApi;
  const onStep = vi.fn();
  const onConnected = vi.fn();
  render(
    <CrawlerStep
      institution={institution}
      api={api}
      onStep={onStep}
      onConnected={onConnected}
      onBack={() => undefined}
    />,
  );
  return { onStep, onConnected };
}

async function logIn() {
  fireEvent.input(screen.getByLabelText('Username or customer number'), { target: { value: 'otp' } });
  fireEvent.input(screen.getByLabelText('Password'), { target: { value: 'otp' } });
  fireEvent.click(screen.getByRole('button', { name: 'Log in securely' }));
  await screen.findByLabelText('One-time code');
}

describe('CrawlerStep and the documented statuses', () => {
  it('AUTH → code; a late code (TIMEDOUT) goes back to the login with the words for it, not the server text', async () => {
    const { onStep, onConnected } = mount(
      { status: 'AUTH' },
      { status: 'TIMEDOUT', message: 'The code did not arrive in time. Please log in again.' },
    );
    await logIn();
    expect(onStep).toHaveBeenLastCalledWith('crawler_otp');
    fireEvent.input(screen.getByLabelText('One-time code'), { target: { value: '123456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify code' }));
    await screen.findByText('That took too long. Please log in again.');
    expect(screen.queryByText('The code did not arrive in time. Please log in again.')).toBeNull();
    expect(screen.getByLabelText('Username or customer number')).toBeTruthy();
    expect(screen.queryByLabelText('One-time code')).toBeNull();
    expect(onStep).toHaveBeenLastCalledWith('crawler_login');
    expect(onConnected).not.toHaveBeenCalled();
  });

  it('AUTH → the right code (RELEASED) connects', async () => {
    const { onConnected } = mount({ status: 'AUTH' }, { status: 'RELEASED' });
    await logIn();
    fireEvent.input(screen.getByLabelText('One-time code'), { target: { value: '123456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify code' }));
    await waitFor(() => expect(onConnected).toHaveBeenCalledTimes(1));
  });
});
