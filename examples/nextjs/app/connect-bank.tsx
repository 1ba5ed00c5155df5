'use client';
import { useState } from 'react';
import { HostedJourney } from 'hosted-journey/react';

export function ConnectBank({ customerId, journeyOrigin }: { customerId: string; journeyOrigin: string }) {
  const [applicationId, setApplicationId] = useState<string>();
  return (
    <section>
      <HostedJourney
        vendor="acme"
        customerId={customerId}
        journeyOrigin={journeyOrigin}
        onComplete={({ applicationId }) => setApplicationId(applicationId)}
      />
      {applicationId ? <p role="status">Bank connected: {applicationId}</p> : null}
    </section>
  );
}
