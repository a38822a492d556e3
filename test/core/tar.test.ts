// The ustar headers of a backup: what is written reads back, GNU tar's headers read too, a long name is split into
// ustar's prefix, and a damaged header or an entry of another type is refused rather than misread.
import t from 'tap';
import { readTarHeader, TAR_BLOCK, TAR_END, tarHeader, tarPadding } from '../../core/tar.js';

t.test('a header reads back as written', (t) => {
  const file = { name: 'pg/base/5/2608_fsm', type: 'file', size: 24576, mode: 0o600, mtimeS: 1_700_000_000 } as const;
  const block = tarHeader(file);
  t.equal(block.length, TAR_BLOCK);
  t.same(readTarHeader(block), file);
  const dir = { name: 'pg/pg_wal/', type: 'dir', size: 0, mode: 0o700, mtimeS: 0 } as const;
  t.same(readTarHeader(tarHeader(dir)), dir);
  t.equal(readTarHeader(TAR_END.subarray(0, TAR_BLOCK)), 'end');
  t.end();
});

t.test('a name over 100 bytes goes into the prefix and comes back whole', (t) => {
  const name = `pg/${'d'.repeat(90)}/${'f'.repeat(90)}`;
  const block = tarHeader({ name, type: 'file', size: 1, mode: 0o600, mtimeS: 0 });
  t.equal((readTarHeader(block) as { name: string }).name, name);
  t.throws(() => tarHeader({ name: 'x'.repeat(101), type: 'file', size: 1, mode: 0o600, mtimeS: 0 }), /too long/);
  t.end();
});

/** `block` with its checksum written again, after a test changed it. */
function resum(block: Buffer): Buffer {
  block.write('        ', 148, 'latin1');
  let sum = 0;
  for (const b of block) sum += b;
  block.write(`${sum.toString(8).padStart(6, '0')}\0 `, 148, 'latin1');
  return block;
}

t.test('GNU tar’s magic reads as ustar', (t) => {
  const block = tarHeader({ name: 'pg/PG_VERSION', type: 'file', size: 3, mode: 0o600, mtimeS: 0 });
  block.write('ustar  \0', 257, 'latin1');
  t.match(readTarHeader(resum(block)), { name: 'pg/PG_VERSION', size: 3 });
  t.end();
});

t.test('a damaged header, text, or a link is refused', (t) => {
  const block = tarHeader({ name: 'pg/PG_VERSION', type: 'file', size: 3, mode: 0o600, mtimeS: 0 });
  const flipped = Buffer.from(block);
  flipped.writeUInt8(flipped.readUInt8(10) ^ 1, 10);
  t.throws(() => readTarHeader(flipped), /not a tar header/);
  t.throws(() => readTarHeader(Buffer.from('hello '.repeat(100)).subarray(0, TAR_BLOCK)), /not a tar header/);
  const link = Buffer.from(block);
  link.write('2', 156, 'latin1');
  t.throws(() => readTarHeader(resum(link)), /neither a file nor a directory/);
  t.end();
});

t.test('padding fills an entry to a whole block', (t) => {
  t.same([0, 1, 511, 512, 513].map(tarPadding), [0, 511, 1, 0, 511]);
  t.end();
});
