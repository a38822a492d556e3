// PgMessageFramer: whatever the chunking, only whole messages come out, in order, byte for byte, in groups none of
// which has a message ending inside it on a multiple of 8 KiB (where PGlite stops reading); and the transaction
// status a reply ends on.

import fc from 'fast-check';
import t from 'tap';
import { endingStatus, PgMessageFramer } from '../../core/pgwire.js';

function startup(): Buffer {
  const body = Buffer.from('user\0postgres\0database\0postgres\0\0');
  const b = Buffer.alloc(8 + body.length);
  b.writeInt32BE(b.length, 0);
  b.writeInt32BE(196608, 4);
  body.copy(b, 8);
  return b;
}

function message(type: string, payload: Buffer): Buffer {
  const b = Buffer.alloc(5 + payload.length);
  b.write(type, 0, 'latin1');
  b.writeInt32BE(4 + payload.length, 1);
  payload.copy(b, 5);
  return b;
}

const sslRequest = () => {
  const b = Buffer.alloc(8);
  b.writeInt32BE(8, 0);
  b.writeInt32BE(80877103, 4);
  return b;
};

t.test('any chunking yields exactly the whole messages', (t) => {
  fc.assert(
    fc.property(
      fc.boolean(),
      fc.array(
        fc.tuple(
          fc.constantFrom('Q', 'P', 'B', 'E', 'S', 'D'),
          fc.oneof(
            fc.uint8Array({ maxLength: 300 }),
            fc.integer({ min: 8000, max: 8400 }).map((n) => new Uint8Array(n)),
          ),
        ),
        { maxLength: 12 },
      ),
      fc.array(fc.integer({ min: 1, max: 97 }), { minLength: 1, maxLength: 40 }),
      (ssl, msgs, cuts) => {
        const messages = [
          ...(ssl ? [sslRequest()] : []),
          startup(),
          ...msgs.map(([ty, p]) => message(ty, Buffer.from(p))),
        ];
        const stream = Buffer.concat(messages);
        const framer = new PgMessageFramer();
        const out: Buffer[] = [];
        let at = 0;
        let k = 0;
        while (at < stream.length) {
          const size = cuts[k++ % cuts.length]!;
          const got = framer.push(stream.subarray(at, at + size));
          if (got) out.push(...got);
          at += size;
        }
        const joined = Buffer.concat(out);
        // every emitted batch ends on a message boundary, and all bytes come out in order
        const boundaries = new Set<number>();
        let b = 0;
        for (const m of messages) boundaries.add((b += m.length));
        let acc = 0;
        const edgeInside = (group: Buffer) => {
          let at = 0;
          while (at < group.length) {
            at += 1 + group.readInt32BE(at + 1);
            if (at < group.length && at % 8192 === 0) return true;
          }
          return false;
        };
        const typed = out.filter((o) => /[A-Za-z]/.test(String.fromCharCode(o[0]!)));
        return joined.equals(stream) && out.every((o) => boundaries.has((acc += o.length))) && !typed.some(edgeInside);
      },
    ),
  );
  t.end();
});

t.test('a large message split in many chunks comes out once, whole', (t) => {
  const framer = new PgMessageFramer();
  t.same(framer.push(startup()), [startup()]);
  const big = message('B', Buffer.alloc(300_000, 7));
  const out: Buffer[] = [];
  for (let at = 0; at < big.length; at += 65_536) {
    const got = framer.push(big.subarray(at, at + 65_536));
    if (got) out.push(...got);
  }
  t.equal(out.length, 1);
  t.ok(out[0]!.equals(big));
  t.end();
});

t.test(
  'a group ends where a message ends on a multiple of 8 KiB: the Bind of 47 x 8 KiB the demo load hung on',
  (t) => {
    const framer = new PgMessageFramer();
    framer.push(startup());
    const bind = message('B', Buffer.alloc(47 * 8192 - 5, 1));
    const rest = [message('D', Buffer.from('P\0')), message('E', Buffer.alloc(5)), message('S', Buffer.alloc(0))];
    const groups = framer.push(Buffer.concat([bind, ...rest]))!;
    t.equal(groups.length, 2, 'the Bind alone, then Describe, Execute and Sync');
    t.ok(groups[0]!.equals(bind));
    t.ok(groups[1]!.equals(Buffer.concat(rest)));
    t.same(
      framer.push(Buffer.concat([message('P', Buffer.alloc(100)), ...rest]))!.length,
      1,
      'other batches stay whole',
    );
    t.end();
  },
);

t.test('a reply ending on ReadyForQuery tells the transaction status; one ending elsewhere tells nothing', (t) => {
  const complete = message('C', Buffer.from('SELECT 1\0'));
  t.equal(endingStatus(Buffer.concat([complete, message('Z', Buffer.from('I'))])), 'I');
  t.equal(endingStatus(message('Z', Buffer.from('T'))), 'T');
  t.equal(endingStatus(message('Z', Buffer.from('E'))), 'E');
  t.equal(endingStatus(complete), null, 'no Sync answered yet');
  t.equal(endingStatus(Buffer.alloc(0)), null);
  t.equal(endingStatus(message('Z', Buffer.from('X'))), null);
  t.end();
});
