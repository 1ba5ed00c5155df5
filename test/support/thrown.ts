/** What `fn` throws (synchronously), or undefined when it returns: for asserting on an error's fields. */
export function thrown(fn: () => unknown): unknown {
  try {
    fn();
  } catch (e) {
    return e;
  }
  return undefined;
}
