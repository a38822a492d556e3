// A start on a full disk says so: the embedded database's WASM only says "Aborted()", so a failed start looks at the
// free space of DATA_DIR's filesystem and names it, with the numbers. On a small tmpfs of its own (needs root).

import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import t from 'tap';
import { runNode, startServer } from '../../harness/server.js';

const mountPoint = mkdtempSync(join(tmpdir(), 'tw-disk-'));
let mounted = false;
try {
  execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=400m', 'tmpfs', mountPoint], { stdio: 'ignore' });
  mounted = true;
} catch {
  // not root, or no mount(8): skipped below
}
t.teardown(() => {
  if (mounted) execFileSync('umount', ['-l', mountPoint]);
  rmSync(mountPoint, { recursive: true, force: true });
});

t.test(
  'killed, then restarted on a full disk: exit 1, and the message says the disk is full',
  { skip: mounted ? false : 'cannot mount a tmpfs here (needs root)' },
  async (t) => {
    const dataDir = join(mountPoint, 'data');
    const server = await startServer({ dataDir, env: { TAPEWIRE_ANON: '0' } });
    await server.stop('SIGKILL');
    // Fill what is left, 1 MiB at a time, until the filesystem refuses.
    const chunk = Buffer.alloc(1 << 20, 1);
    for (let k = 0; ; k++) {
      try {
        writeFileSync(join(mountPoint, `filler-${k}`), chunk);
      } catch {
        break;
      }
    }
    const again = await runNode('server/main.ts', [], {
      DATA_DIR: dataDir,
      PORT: '0',
      LOG_LEVEL: 'silent',
      TAPEWIRE_DEMO: '0',
      TAPEWIRE_ANON: '0',
    });
    t.equal(again.code, 1, 'the start fails');
    t.match(again.stderr, new RegExp(`The disk holding DATA_DIR ${dataDir} is full: \\d+ MB free of 400 MB`));
  },
);
