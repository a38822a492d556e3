// Terminal-safe text: control characters from files and key names are shown as escapes, printable text as it is.
import t from 'tap';
import { forTerminal, isPrintable } from '../../core/terminal.js';

t.test('control characters are escaped, printable text of any script is not', async (t) => {
  t.equal(forTerminal('\x1b]0;pwned\x07date'), '\\u001b]0;pwned\\u0007date', 'a window-title sequence');
  t.equal(forTerminal('a\rb\nc\u009bd'), 'a\\u000db\\u000ac\\u009bd', 'carriage return, line break, the C1 CSI');
  t.equal(forTerminal('evil\u202eexe.txt'), 'evil\\u202eexe.txt', 'a right-to-left override');
  t.equal(forTerminal('Zürich 東京 — $1.2B'), 'Zürich 東京 — $1.2B');
  t.ok(isPrintable('dashboard key #2') && !isPrintable('x\x1b[2J') && !isPrintable('tab\there'));
});
