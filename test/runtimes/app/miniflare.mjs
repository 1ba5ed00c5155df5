// Run by Node 22 (Miniflare's engines: node >= 22): the bundled Worker in workerd through Miniflare, driven with one
// request. Prints the Worker's JSON answer. Arguments: Miniflare's module, the bundle, the compatibility date, the
// sandbox's URL, token id and secret.
import { pathToFileURL } from 'node:url';

const [module, scriptPath, compatibilityDate, sandboxUrl, tokenId, secret] = process.argv.slice(2);
const { Miniflare } = await import(pathToFileURL(module).href);
const mf = new Miniflare({ modules: true, scriptPath, compatibilityDate });
try {
  const res = await mf.dispatchFetch('http://worker.test/', {
    method: 'POST',
    body: JSON.stringify({ sandboxUrl, tokenId, secret }),
  });
  const text = await res.text();
  if (res.status !== 200) throw new Error(`the Worker answered ${res.status}: ${text}`);
  console.log(text);
} finally {
  await mf.dispose();
}
