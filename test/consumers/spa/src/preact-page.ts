// The Preact binding type-checks for an integrator too (JSX-free, so no JSX settings are required).
import { h, render } from 'preact';
import { HostedJourney, type HostedJourneyProps } from 'hosted-journey/preact';

const props: HostedJourneyProps = {
  vendor: 'acme',
  customerId: 'cust_1',
  journeyOrigin: 'https://journey.example.com',
};
export const mount = (target: HTMLElement): void => render(h(HostedJourney, props), target);
