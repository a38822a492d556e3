// Content negotiation on Accept: whether a client names a media type it accepts (and did not give it q=0).

/** True when `accept` lists `mediaType` without q=0. A wildcard does not count: it asks for nothing in particular. */
export function namesMediaType(accept: string, mediaType: string): boolean {
  for (const part of accept.split(',')) {
    const [type, ...params] = part.split(';').map((s) => s.trim().toLowerCase());
    if (type !== mediaType) continue;
    const q = params.find((p) => p.startsWith('q='));
    return !q || Number(q.slice(2)) > 0;
  }
  return false;
}
