/** True only in the `<script>` (IIFE) build, replaced at build time by scripts/build.mjs; false everywhere else. */
declare const __HJ_SCRIPT_BUILD__: boolean;
