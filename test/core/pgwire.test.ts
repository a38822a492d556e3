// PgMessageFramer: whatever the chunking, only whole messages come out, in order, byte for byte.
import t from 'tap';
import fc from 'fast-check';
import { PgMessageFramer } from '../../core/pgwire.js';

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
      fc.array(fc.tuple(fc.constantFrom('Q', 'P', 'B', 'E', 'S', 'D'), fc.uint8Array({ maxLength: 300 })), { maxLength: 12 }),
      fc.array(fc.integer({ min: 1, max: 97 }), { minLength: 1, maxLength: 40 }),
      (ssl, msgs, cuts) => {
        const messages = [...(ssl ? [sslRequest()] : []), startup(), ...msgs.map(([ty, p]) => message(ty, Buffer.from(p)))];
        const stream = Buffer.concat(messages);
        const framer = new PgMessageFramer();
        const out: Buffer[] = [];
        let at = 0;
        let k = 0;
        while (at < stream.length) {
          const size = cuts[k++ % cuts.length]!;
          const got = framer.push(stream.subarray(at, at + size));
          if (got) out.push(got);
          at += size;
        }
        const joined = Buffer.concat(out);
        // every emitted batch ends on a message boundary, and all bytes come out in order
        const boundaries = new Set<number>();
        let b = 0;
        for (const m of messages) boundaries.add((b += m.length));
        let acc = 0;
        return joined.equals(stream) && out.every((o) => boundaries.has((acc += o.length)));
      },
    ),
  );
  t.end();
});

t.test('a large message split in many chunks comes out once, whole', (t) => {
  const framer = new PgMessageFramer();
  t.same(framer.push(startup()), startup());
  const big = message('B', Buffer.alloc(300_000, 7));
  const out: Buffer[] = [];
  for (let at = 0; at < big.length; at += 65_536) {
    const got = framer.push(big.subarray(at, at + 65_536));
    if (got) out.push(got);
  }
  t.equal(out.length, 1);
  t.ok(out[0]!.equals(big));
  t.end();
});
