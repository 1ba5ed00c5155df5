// Uses the published types exactly as an integrator would; `tsc --noEmit` fails on any missing or wrong type.
import { createElement, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createJourney, type JourneyHandle, type JourneyOptions } from 'hosted-journey';
import { HostedJourney, useHostedJourney, type UseHostedJourneyResult } from 'hosted-journey/react';
import { defineHostedJourneyElement, type HostedJourneyElement } from 'hosted-journey/element';

const options: JourneyOptions = {
  vendor: 'acme',
  customerId: 'cust_1234',
  journeyOrigin: 'https://journey.example.com',
  startAt: 'banks',
  collect: ['analysis'],
  theme: { primaryColour: '#0B5FFF' },
  onComplete: ({ applicationId }) => console.log(applicationId.toUpperCase()),
  onError: ({ code, recoverable }) => console.warn(code, recoverable),
};
const handle: JourneyHandle = createJourney({ ...options, mode: 'inline', container: '#inline' });
const state: string = handle.state;
console.log(state, handle.channel);

function Connect(): ReturnType<typeof createElement> {
  const result: UseHostedJourneyResult = useHostedJourney(options);
  return createElement('section', { ref: result.ref, 'aria-busy': result.state === 'loading' });
}
createRoot(document.getElementById('react')!).render(
  createElement(
    StrictMode,
    null,
    createElement(Connect),
    createElement(HostedJourney, { ...options, className: 'journey' }),
  ),
);

defineHostedJourneyElement();
const element: HostedJourneyElement = document.querySelector('hosted-journey')!;
element.addEventListener('hosted-journey:completed', (event) => console.log((event as CustomEvent).detail));
