// A page kept compressed once (lib/kept-page.ts): every reply is the kept part and its own tail, as gzip or as it is.
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { acceptsGzip, KeptPage } from '../../src/server/lib/kept-page';

describe('KeptPage', () => {
  const shared = `<!doctype html><html><head><title>Homes £1,250 pcm</title></head><body><div id="root">${'<p>Garden flat, ünïcode ✓</p>'.repeat(2_000)}</div>`;

  it('gives the kept part and each tail as one gzip stream any client inflates', () => {
    const page = KeptPage.of(shared);
    expect(page.bytes).toBeLessThan(Buffer.byteLength(shared) / 10);
    for (const tail of [
      '<script>null</script></body></html>',
      '<script>{"firstName":"Zoë"}</script></body>',
      '',
    ]) {
      const gzipped = page.gzip(Buffer.from(tail));
      expect(gunzipSync(gzipped).toString('utf8')).toBe(shared + tail);
    }
  });

  it('stores a tail longer than one deflate block in several', () => {
    const page = KeptPage.of(shared);
    const tail = Buffer.from('x'.repeat(150_000));
    expect(gunzipSync(page.gzip(tail)).toString('utf8')).toBe(shared + tail.toString());
  });

  it('gives the kept part back as it was', () => {
    expect(KeptPage.of(shared).inflate().toString('utf8')).toBe(shared);
    expect(KeptPage.of('').inflate().toString('utf8')).toBe('');
  });
});

describe('acceptsGzip', () => {
  it('reads Accept-Encoding as browsers and tools send it', () => {
    expect(acceptsGzip('gzip, deflate, br, zstd')).toBe(true);
    expect(acceptsGzip('br;q=1.0, gzip;q=0.8, *;q=0.1')).toBe(true);
    expect(acceptsGzip('*')).toBe(true);
    expect(acceptsGzip('GZIP')).toBe(true);
    expect(acceptsGzip(undefined)).toBe(false);
    expect(acceptsGzip('')).toBe(false);
    expect(acceptsGzip('identity')).toBe(false);
    expect(acceptsGzip('br')).toBe(false);
    expect(acceptsGzip('gzip;q=0')).toBe(false);
    expect(acceptsGzip('*, gzip;q=0')).toBe(false);
    expect(acceptsGzip('gzip;q=0, *')).toBe(false);
  });
});
