/**
 * Entry of `dist/hosted-journey.modal.js`, the modal UI for the `<script>` build. The script-tag bundle does not carry
 * Preact and the modal (they would put it over its gzip budget, and inline users never need them); in modal mode it
 * loads this file from next to itself (see modal-loader.ts), which hands `mountModal` over through one global slot.
 */
import { mountModal } from './modal.js';
import { MODAL_GLOBAL } from './modal-loader.js';

(globalThis as Record<string, unknown>)[MODAL_GLOBAL] = { mountModal };
