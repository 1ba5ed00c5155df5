// Application statuses are a closed union for the compiler and open at run time, as consent statuses are: a status the
// service adds later parses and keeps its value, a non-string fails. The sandbox's applications are typed with the
// known statuses (core/state.ts), so a status it sets outside the list does not compile.
import { describe, expect, expectTypeOf, it } from 'vitest';
import { type ApplicationStatus, applicationResponse, finaliseResponse } from '../../src/protocol/index.js';

const app = { application_id: 'app_1', vendor: 'acme', ref: 'cust_1', journey_url: 'http://127.0.0.1:1/i/acme/c' };

describe('application statuses', () => {
  it('a status the service adds later parses and keeps its value; a non-string does not', () => {
    expect(applicationResponse.parse({ ...app, status: 'under_review' }).status).toBe('under_review');
    expect(finaliseResponse.parse({ application_id: 'app_1', status: 'archived' }).status).toBe('archived');
    expect(applicationResponse.safeParse({ ...app, status: 7 }).success).toBe(false);
    expect(applicationResponse.safeParse({ ...app, status: '' }).success).toBe(false);
  });

  it('a misspelt status does not compile', () => {
    expectTypeOf<'report_ready'>().toMatchTypeOf<ApplicationStatus>();
    expectTypeOf<'reportready'>().not.toMatchTypeOf<ApplicationStatus>();
    expectTypeOf(applicationResponse.parse({ ...app, status: 'started' }).status).toEqualTypeOf<ApplicationStatus>();
  });
});
