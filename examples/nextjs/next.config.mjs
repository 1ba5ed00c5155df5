/** @type {import('next').NextConfig} */
export default {
  // Loaded by Node at run time, not bundled: its RedisDedupeStore imports the optional peer `redis` only when used,
  // which a bundler cannot know (Turbopack fails with "Can't resolve 'redis'" when redis is not installed).
  serverExternalPackages: ['hosted-journey-server'],
  // The example lives inside the hosted-journey repository; it is its own project.
  turbopack: { root: import.meta.dirname },
};
