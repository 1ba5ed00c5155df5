// The Worker that scripts/check-runtimes.mjs bundles as wrangler does (esbuild, conditions workerd, worker, browser)
// and runs in workerd through Miniflare, without nodejs_compat: a Node built-in anywhere in the bundle would fail to
// load. A POST with the sandbox's URL and credentials runs the scenario and answers with its result.
import { exercise } from './scenario.mjs';

export default {
  async fetch(request) {
    return Response.json(await exercise('workerd', await request.json()));
  },
};
