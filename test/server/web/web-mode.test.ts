// When the website is served: with anonymous access by default (the embedded default on loopback), off in production
// and on an open HOST unless TAPEWIRE_WEB=1 publishes it; and the ticket secret must be long enough to sign with.
import t from 'tap';
import { loadConfig } from '../../../server/config.js';

t.test('pages follow anonymous access unless TAPEWIRE_WEB says otherwise', (t) => {
  t.equal(loadConfig({}).web, true, 'the embedded default on loopback');
  t.equal(loadConfig({ NODE_ENV: 'production' }).web, false, 'off in production');
  t.equal(loadConfig({ HOST: '0.0.0.0' }).web, false, 'off on an address others reach');
  t.equal(loadConfig({ NODE_ENV: 'production', TAPEWIRE_WEB: '1' }).web, true, 'published on purpose');
  t.equal(loadConfig({ TAPEWIRE_WEB: '0' }).web, false, 'switched off');
  t.end();
});

t.test('a stream ticket secret shorter than 32 characters is refused', (t) => {
  t.throws(() => loadConfig({ STREAM_TICKET_SECRET: 'short' }), {
    name: 'ConfigError',
    message: /STREAM_TICKET_SECRET/,
  });
  t.equal(loadConfig({ STREAM_TICKET_SECRET: 'x'.repeat(32) }).streamTicketSecret, 'x'.repeat(32));
  t.equal(loadConfig({}).streamTicketSecret, null);
  t.end();
});
