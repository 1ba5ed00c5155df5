/** @type {import('next').NextConfig} */
export default {
  // The example lives inside the hosted-journey repository; it is its own project.
  turbopack: { root: import.meta.dirname },
};
