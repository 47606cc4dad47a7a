// What rows keep for a photo and what replies give (decision 0041): rows keep /media/<key>; with MEDIA_PUBLIC_URL
// replies give that address plus the key, and take either form back. Changing the address rewrites no row.
import { describe, expect, it } from 'vitest';
import { MediaUrls, mediaRef } from '../../src/server/media/urls';

const KEY = 'listings/0b1c2d3e-aaaa-4bbb-8ccc-0123456789ab/AbC_x-1600.webp';

describe('photo references and addresses', () => {
  it('keeps /media/<key> in rows, and gives it out as it is without MEDIA_PUBLIC_URL', () => {
    const urls = new MediaUrls();
    expect(mediaRef(KEY)).toBe(`/media/${KEY}`);
    expect(urls.publicUrl(`/media/${KEY}`)).toBe(`/media/${KEY}`);
    expect(urls.refOf(`/media/${KEY}`)).toBe(`/media/${KEY}`);
    expect(urls.keyOf(`/media/${KEY}`)).toBe(KEY);
  });

  it("gives MEDIA_PUBLIC_URL's address when it is set, and takes it back as the reference", () => {
    const urls = new MediaUrls('https://cdn.example.com/photos');
    expect(urls.publicUrl(`/media/${KEY}`)).toBe(`https://cdn.example.com/photos/${KEY}`);
    expect(urls.refOf(`https://cdn.example.com/photos/${KEY}`)).toBe(`/media/${KEY}`);
    expect(urls.refOf(`/media/${KEY}`)).toBe(`/media/${KEY}`);
    expect(urls.keyOf(`https://cdn.example.com/photos/${KEY}`)).toBe(KEY);
  });

  it('gives an old row the new address when MEDIA_PUBLIC_URL changes: nothing in the row names the old one', () => {
    const row = `/media/${KEY}`;
    expect(new MediaUrls('https://old-cdn.example.com').publicUrl(row)).toBe(
      `https://old-cdn.example.com/${KEY}`,
    );
    expect(new MediaUrls('https://new-cdn.example.com').publicUrl(row)).toBe(
      `https://new-cdn.example.com/${KEY}`,
    );
  });

  it('leaves alone what is not ours: demo photos, other sites, nothing, and impossible keys', () => {
    const urls = new MediaUrls('https://cdn.example.com');
    for (const other of [
      '/demo/photos/exterior-terrace-01-1200.webp',
      'https://elsewhere.example/x.webp',
      '',
    ])
      expect([urls.publicUrl(other), urls.refOf(other), urls.keyOf(other)]).toEqual([other, other, null]);
    expect(urls.publicUrl(null)).toBeNull();
    expect(urls.publicUrl('/media/../secrets')).toBe('/media/../secrets');
    expect(urls.keyOf('https://cdn.example.com/../x')).toBeNull();
    expect(urls.refOf('https://cdn.example.com.evil.example/x.webp')).toBe(
      'https://cdn.example.com.evil.example/x.webp',
    );
  });

  it("gives a submission's photos out as addresses, whatever else it holds", () => {
    const urls = new MediaUrls('https://cdn.example.com');
    expect(urls.publicContent({ title: 'Flat', images: [`/media/${KEY}`, '/demo/photos/a.webp'] })).toEqual({
      title: 'Flat',
      images: [`https://cdn.example.com/${KEY}`, '/demo/photos/a.webp'],
    });
    expect(urls.publicContent({ title: 'No photos' })).toEqual({ title: 'No photos' });
    expect(urls.publicContent(null)).toBeNull();
  });
});
