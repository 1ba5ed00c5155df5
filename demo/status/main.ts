/** `/applications/{ref}`: live progress of one application (script-tag and server-to-server flows). */
import { followApplication } from './progress.js';

const progress = document.getElementById('progress');
const log = document.getElementById('log');
const trace = document.getElementById('trace');
const ref = progress?.dataset.ref;
if (progress && ref) followApplication(ref, progress, log ?? undefined, trace ?? undefined);
