/**
 * `Object.hasOwn` for the browser bundles, without raising the browsers they support (`Object.hasOwn` is ES2022
 * runtime). One helper, so each bundle carries the long spelling once.
 */
export const hasOwn = (object: object, key: PropertyKey): boolean => Object.prototype.hasOwnProperty.call(object, key);
