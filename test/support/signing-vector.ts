// The pinned request-signing vector: a request, and its signature as Python's hashlib + hmac compute it
// (test/support/python-sign.py). Every build that signs (Node, Web Crypto, a bundle) must give this signature.
export const VECTOR = {
  method: 'GET',
  path: '/api/v1/applications/app_123/bundle?format=json',
  contentType: 'application/json',
  date: new Date('2026-11-22T00:00:00Z'),
  tokenId: 'tok_123',
  secret: '<SIGNING_SECRET>',
};
export const VECTOR_SIGNATURE = 'D/pP7rLMMFE4TWxpMjf7Y7y/IQcHTDYJ5o2LKeoSlgs=';
