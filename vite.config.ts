import { defineConfig } from 'vite';

// Shared Vite settings (Preact JSX). The package build runs several Vite builds from one table in
// scripts/build.mjs (ES modules, the IIFE, Node entries, sandbox page assets); this file serves `vite` used directly,
// e.g. `npx vite demo/` while working on the demo pages.
export default defineConfig({
  oxc: { jsx: { runtime: 'automatic', importSource: 'preact' } },
  server: { host: '127.0.0.1' },
});
