// MCP beyond tools, over the official SDK client on the demo: resource templates for every entity type, the covered
// universe listed in pages, a resource read as the entity's brief in Markdown with its citations, prompts for the jobs
// agents are asked to do with their data embedded, completions for every argument that names something, and
// logging/setLevel accepted.
import t from 'tap';
import { createKey } from '../../../harness/server.js';
import { DEMO_KEYED, sharedServer } from '../../../harness/shared-server.js';
import { connectMcp } from '../../helpers/mcp.js';

const server = await sharedServer(DEMO_KEYED);
t.teardown(() => server.release());
const key = await createKey(server, 'mcp-resources', 100_000);
const { client } = await connectMcp(t, server, key);

t.test('the server says what it offers', async (t) => {
  t.match(client.getServerCapabilities(), { tools: {}, resources: {}, prompts: {}, completions: {}, logging: {} });
});

t.test('resources: a template per entity type, the universe in pages, a brief in Markdown', async (t) => {
  const { resourceTemplates } = await client.listResourceTemplates();
  t.same(
    resourceTemplates.map((r) => r.uriTemplate),
    [
      'tapewire://instrument/{symbol}',
      'tapewire://company/{slug}',
      'tapewire://person/{slug}',
      'tapewire://project/{company}/{project}',
      'tapewire://sector/{slug}',
      'tapewire://macro/{slug}',
      'tapewire://market/{slug}',
      'tapewire://event/{id}',
    ],
  );
  t.ok(
    resourceTemplates.every((r) => r.mimeType === 'text/markdown' && r.description),
    'each described, as Markdown',
  );

  const uris: string[] = [];
  let cursor: string | undefined;
  let pages = 0;
  do {
    const page = await client.listResources(cursor === undefined ? {} : { cursor });
    uris.push(...page.resources.map((r) => r.uri));
    t.ok(
      page.resources.every((r) => r.name && r.title && r.mimeType === 'text/markdown'),
      `page ${++pages} well formed`,
    );
    cursor = page.nextCursor;
  } while (cursor !== undefined);
  t.ok(pages > 1, `${uris.length} resources in ${pages} pages`);
  t.equal(new Set(uris).size, uris.length, 'none twice');
  for (const uri of [
    'tapewire://instrument/BTC',
    'tapewire://company/apple',
    'tapewire://macro/us-cpi',
    'tapewire://sector/technology',
  ])
    t.ok(uris.includes(uri), uri);

  const { contents } = await client.readResource({ uri: 'tapewire://company/apple' });
  t.equal(contents.length, 1);
  t.match(contents[0], { uri: 'tapewire://company/apple', mimeType: 'text/markdown' });
  const text = (contents[0] as { text: string }).text;
  t.match(text, /^# Apple/m, 'the brief, as Markdown');
  t.match(text, /\]\(https:\/\/[^)]+\.example\//, 'with its citations as links');
  const project = uris.find((u) => u.startsWith('tapewire://project/'))!;
  t.match(
    (await client.readResource({ uri: project })).contents[0],
    { uri: project, mimeType: 'text/markdown' },
    'a project by company/project',
  );

  for (const uri of [
    'tapewire://company/no-such-company',
    'tapewire://planet/mars',
    'https://example.com/x',
    'tapewire://event/abc',
  ]) {
    await t.rejects(
      client.readResource({ uri }),
      { code: -32002, message: /Resource not found/ },
      `${uri}: not found, with the reason`,
    );
  }
  await t.rejects(client.listResources({ cursor: 'x' }), { code: -32602 }, 'a cursor it did not give');
});

t.test('prompts: the jobs, their data embedded, their arguments required', async (t) => {
  const { prompts } = await client.listPrompts();
  t.same(
    prompts.map((p) => p.name),
    ['explain_move', 'company_week', 'catalyst_brief'],
  );
  t.ok(
    prompts.every((p) => p.description && p.arguments?.length),
    'each described, with its arguments',
  );

  const move = await client.getPrompt({ name: 'explain_move', arguments: { symbol: 'BTC' } });
  const moveText = JSON.stringify(move.messages);
  t.match(moveText, /Explain the price move of BTC/);
  t.match(
    moveText,
    /\\"instrument\\":\{\\"type\\":\\"instrument\\",\\"key\\":\\"BTC\\"/,
    "explain_move's answer embedded",
  );

  const week = await client.getPrompt({ name: 'company_week', arguments: { company: 'AAPL' } });
  t.equal(week.messages.length, 2);
  t.match(
    week.messages[1]!.content,
    { type: 'resource', resource: { uri: 'tapewire://company/AAPL', mimeType: 'text/markdown' } },
    'the brief as a resource',
  );

  const before = await client.getPrompt({ name: 'catalyst_brief', arguments: { about: 'macro:us-cpi' } });
  t.match(before.messages[1]!.content, { type: 'resource', resource: { text: /US consumer price index/ } });

  await t.rejects(client.getPrompt({ name: 'explain_move', arguments: {} }), { code: -32602, message: /needs symbol/ });
  await t.rejects(client.getPrompt({ name: 'explain_move', arguments: { symbol: 'NOPE' } }), {
    code: -32602,
    message: /not_found/,
  });
  await t.rejects(client.getPrompt({ name: 'catalyst_brief', arguments: { about: 'apple' } }), {
    code: -32602,
    message: /type:key/,
  });
  await t.rejects(client.getPrompt({ name: 'nope' }), { code: -32602, message: /Unknown prompt/ });
});

t.test('completions: symbols, slugs, type:key; nothing for what names nothing', async (t) => {
  const values = async (
    ref: Parameters<typeof client.complete>[0]['ref'],
    name: string,
    value: string,
    context?: Record<string, string>,
  ) =>
    (await client.complete({ ref, argument: { name, value }, ...(context ? { context: { arguments: context } } : {}) }))
      .completion.values;
  const prompt = (name: string) => ({ type: 'ref/prompt' as const, name });
  const template = (uri: string) => ({ type: 'ref/resource' as const, uri });
  t.equal((await values(prompt('explain_move'), 'symbol', 'BT'))[0], 'BTC');
  t.ok((await values(prompt('company_week'), 'company', 'app')).includes('apple'));
  t.same(await values(prompt('catalyst_brief'), 'about', 'ma'), ['macro:', 'market:'], 'the types first');
  t.ok(
    (await values(prompt('catalyst_brief'), 'about', 'macro:us-c')).includes('macro:us-cpi'),
    'then the keys of one',
  );
  t.ok((await values(template('tapewire://sector/{slug}'), 'slug', 'tech')).includes('technology'));
  const tesla = await values(template('tapewire://project/{company}/{project}'), 'project', '', { company: 'tesla' });
  t.ok(tesla.length > 0 && tesla.every((p) => !p.includes('/')), `tesla's projects: ${tesla.join(', ')}`);
  t.same(await values(prompt('explain_move'), 'date', '2026'), [], 'a date names nothing');
  t.same(await values(prompt('test_prompt_with_arguments'), 'arg1', 'x'), [], 'an unknown prompt completes to nothing');
  t.ok((await values(prompt('explain_move'), 'symbol', '')).length <= 100, 'at most 100 values');
});

t.test('logging/setLevel is accepted', async (t) => {
  t.same(await client.setLoggingLevel('warning'), {});
});
