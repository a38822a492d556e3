// A filing folder's index.json: which documents the filing holds.
import t from 'tap';
import { parseFilingIndex } from '../../../../core/sources/sec/filing-index.js';
import { readRealdata, realdataSkip } from '../../../../harness/realdata.js';

t.test('documents with size and time; the folder names the filer and accession', async (t) => {
  const index = parseFilingIndex(
    JSON.stringify({
      directory: {
        item: [
          {
            'last-modified': '2025-11-07 17:02:11',
            name: '0001209191-25-000123-index.html',
            type: 'text.gif',
            size: '',
          },
          { 'last-modified': '2025-11-07 17:02:11', name: 'wk-form4a_1762557493.xml', type: 'text.gif', size: '5432' },
          { name: '../escape' },
        ],
        name: '/Archives/edgar/data/999101/000120919125000123',
        'parent-dir': '/Archives/edgar/data/999101',
      },
    }),
  );
  t.same(index, {
    cik: '0000999101',
    accession: '0001209191-25-000123',
    documents: [
      { name: '0001209191-25-000123-index.html', size: null, lastModified: '2025-11-07 17:02:11' },
      { name: 'wk-form4a_1762557493.xml', size: 5432, lastModified: '2025-11-07 17:02:11' },
    ],
    skipped: [{ item: 'directory.item[2]', reason: 'name: expected a file name' }],
  });
  t.throws(() => parseFilingIndex('{"directory": {"name": "/elsewhere", "item": []}}'), {
    message: /not a filing index/,
  });
});

t.test('the real index.json', { skip: realdataSkip('sec_edgar/filing_index') }, async (t) => {
  const index = parseFilingIndex(readRealdata('sec_edgar/filing_index/0001213900-24-004875-index.json'));
  t.match(index, { cik: '0001648960', accession: '0001213900-24-004875', skipped: [] });
  t.equal(index.documents.length, 25);
  t.same(
    index.documents.find((d) => d.name === 'ea191807-8k_datchat.htm'),
    { name: 'ea191807-8k_datchat.htm', size: 47202, lastModified: '2024-01-19 16:21:45' },
  );
});
