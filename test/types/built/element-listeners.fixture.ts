// Compiled by test/types/built-types.test.ts against the built packages (dist/packages/*, their exports and .d.ts),
// as an integrator's project would. Every `@ts-expect-error` must meet an error: an unused one fails the test.
// A listener on the `Element` that `querySelector` returns is typed like one on document.
import type {} from 'hosted-journey';
import type {} from 'hosted-journey/element';

export const listen = () => {
  const found = document.querySelector('#bank-connect')!;
  found.addEventListener('hosted-journey:completed', (e) => {
    const id: string = e.detail.applicationId;
    // @ts-expect-error a misspelt field of the detail
    void e.detail.aplicationId;
    return id;
  });
  found.addEventListener('hosted-journey-completed', (e) => {
    const id: string = e.detail.applicationId;
    return id;
  });
};
