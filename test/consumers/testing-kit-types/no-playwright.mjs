// The point of this project: @playwright/test is not installed, so nothing of Playwright's types can resolve.
// Fails loudly if a dependency pulled it in, which would make the tsc run below prove nothing.
for (const name of ['@playwright/test', 'playwright', 'playwright-core']) {
  let found;
  try {
    found = import.meta.resolve(name);
  } catch {
    continue;
  }
  console.error(`${name} resolves (${found}): this project must type-check the kit without Playwright`);
  process.exit(1);
}
console.log('no Playwright package resolves here');
