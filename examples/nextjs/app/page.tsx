// A server component: reads the journey origin from the environment and renders the client component.
import { randomUUID } from 'node:crypto';
import { env } from '../lib/hosted-journey';
import { ConnectBank } from './connect-bank';

export const dynamic = 'force-dynamic'; // a new customer id per request (your app uses its own)

export default function Page() {
  return (
    <main>
      <h1>Apply for a loan</h1>
      <ConnectBank customerId={`cust_${randomUUID().slice(0, 8)}`} journeyOrigin={env.journeyOrigin} />
    </main>
  );
}
