// The ustar headers of a backup (a gzipped tarball of the embedded database's files), written and read here rather
// than by a dependency: a backup is then an ordinary tarball that `tar xzf` also restores, and a damaged or foreign
// file is told apart block by block (each header carries its checksum).

export const TAR_BLOCK = 512;

export interface TarEntry {
  /** A path relative to the archive's root; a directory's ends in '/'. */
  name: string;
  type: 'file' | 'dir';
  size: number;
  mode: number;
  mtimeS: number;
}

/** The largest file a header's 11 octal digits hold (8 GiB); PostgreSQL's segment files are at most 1 GiB. */
const MAX_SIZE = 8 ** 11 - 1;

function octal(block: Buffer, at: number, width: number, value: number): void {
  block.write(`${value.toString(8).padStart(width - 1, '0')}\0`, at, width, 'latin1');
}

function checksum(block: Buffer): number {
  let sum = 0;
  for (let i = 0; i < TAR_BLOCK; i++) sum += i >= 148 && i < 156 ? 0x20 : block[i]!;
  return sum;
}

/** Splits a name too long for the header's 100 bytes at a '/' into ustar's 155-byte prefix and the rest. */
function split(name: string): [string, string] {
  if (Buffer.byteLength(name) <= 100) return ['', name];
  for (let at = name.indexOf('/'); at >= 0; at = name.indexOf('/', at + 1)) {
    if (Buffer.byteLength(name.slice(0, at)) <= 155 && Buffer.byteLength(name.slice(at + 1)) <= 100)
      return [name.slice(0, at), name.slice(at + 1)];
  }
  throw new Error(`tar: the name ${name} is too long for a header`);
}

export function tarHeader(entry: TarEntry): Buffer {
  if (entry.size > MAX_SIZE) throw new Error(`tar: ${entry.name} is larger than 8 GiB`);
  const block = Buffer.alloc(TAR_BLOCK);
  const [prefix, name] = split(entry.name);
  block.write(name, 0, 100);
  octal(block, 100, 8, entry.mode & 0o7777);
  octal(block, 108, 8, 0);
  octal(block, 116, 8, 0);
  octal(block, 124, 12, entry.type === 'file' ? entry.size : 0);
  octal(block, 136, 12, Math.floor(entry.mtimeS));
  block.write(entry.type === 'file' ? '0' : '5', 156, 'latin1');
  block.write('ustar\u000000', 257, 'latin1');
  block.write(prefix, 345, 155);
  block.write(`${checksum(block).toString(8).padStart(6, '0')}\0 `, 148, 8, 'latin1');
  return block;
}

/** Zero bytes that fill an entry's data to a whole block. */
export function tarPadding(size: number): number {
  return (TAR_BLOCK - (size % TAR_BLOCK)) % TAR_BLOCK;
}

/** The two zero blocks that end an archive. */
export const TAR_END = Buffer.alloc(2 * TAR_BLOCK);

function field(block: Buffer, at: number, width: number): string {
  const bytes = block.subarray(at, at + width);
  const nul = bytes.indexOf(0);
  return bytes.subarray(0, nul < 0 ? width : nul).toString('utf8');
}

function readOctal(block: Buffer, at: number, width: number): number {
  const text = field(block, at, width).trim();
  if (!/^[0-7]+$/.test(text)) throw new Error('not a tar header');
  return parseInt(text, 8);
}

/** The entry a header block describes, or 'end' for a zero block; throws on anything but a ustar file or directory. */
export function readTarHeader(block: Buffer): TarEntry | 'end' {
  if (block.every((b) => b === 0)) return 'end';
  if (readOctal(block, 148, 8) !== checksum(block) || field(block, 257, 6).trimEnd() !== 'ustar')
    throw new Error('not a tar header');
  const flag = String.fromCharCode(block[156]!);
  const type = flag === '0' || flag === '\0' ? 'file' : flag === '5' ? 'dir' : null;
  const prefix = field(block, 345, 155);
  const name = prefix ? `${prefix}/${field(block, 0, 100)}` : field(block, 0, 100);
  if (!type) throw new Error(`the entry ${name} is neither a file nor a directory (type ${JSON.stringify(flag)})`);
  return {
    name,
    type,
    size: type === 'file' ? readOctal(block, 124, 12) : 0,
    mode: readOctal(block, 100, 8),
    mtimeS: readOctal(block, 136, 12),
  };
}
