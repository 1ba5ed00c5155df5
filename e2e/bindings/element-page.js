// Loaded by the element spec's page (script-src 'self'): exposes the built entry (dist/element.js) to the spec.
import * as element from '../../dist/element.js';

window.__element = element;
document.documentElement.dataset.loaded = 'true';
