// A server component rendering `HostedJourney` from `hosted-journey/react` itself: the binding's file starts with
// 'use client', so Next.js renders its host <div> on the server and hydrates it in the browser, where it mounts the
// journey. A server component passes only serialisable props: for callbacks (onComplete), wrap it in a client
// component, as app/connect-bank.tsx does.
import { HostedJourney } from 'hosted-journey/react';
import { env } from '../../lib/hosted-journey';

export const dynamic = 'force-dynamic';

export default function ServerComponentPage() {
  return (
    <main>
      <h1>Connect your bank</h1>
      <HostedJourney id="journey" vendor="acme" customerId="cust_server_component" journeyOrigin={env.journeyOrigin} />
    </main>
  );
}
