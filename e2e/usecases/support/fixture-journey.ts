/**
 * A minimal journey page built on `hosted-journey/child` (bundled from src/child), for the use-case and binding specs.
 * Buttons let a spec grow the content (resizing), finish (completed) or leave (exit); `?step=` is echoed in `ready`;
 * the handshake's prefill is shown as `<main data-prefill>` (JSON).
 * No inline script or style: it runs under the fixture's own strict CSP.
 */
import { connectToParent } from '../../../src/child/index.js';

const bridge = connectToParent();
const main = document.createElement('main');
const h1 = document.createElement('h1');
h1.textContent = 'Fixture journey';
const filler = document.createElement('div');
filler.className = 'filler';
const grow = document.createElement('button');
grow.type = 'button';
grow.id = 'grow';
grow.textContent = 'Show more';
const finish = document.createElement('button');
finish.type = 'button';
finish.id = 'finish';
finish.textContent = 'Finish';
const leave = document.createElement('button');
leave.type = 'button';
leave.id = 'leave';
leave.textContent = 'Leave';
main.append(h1, filler, grow, finish, leave);
document.body.append(main);

grow.addEventListener('click', () => {
  for (let i = 0; i < 8; i++) {
    const p = document.createElement('p');
    p.textContent = `More content ${filler.childElementCount + 1}`;
    filler.append(p);
  }
  bridge.emit('step', { step: `grown-${filler.childElementCount}` });
});
finish.addEventListener('click', () => bridge.emit('completed', { applicationId: 'app_fixture_1' }));
leave.addEventListener('click', () => bridge.emit('exit', { reason: 'user_left' }));

void bridge.connected.then(({ prefill }) => {
  main.dataset.prefill = JSON.stringify(prefill ?? null);
});

bridge.emit('ready', { step: 'fixture' });
