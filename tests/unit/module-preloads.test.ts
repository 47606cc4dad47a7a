// A server-rendered page names its chunks so they download beside the entry script (plugins/site.ts).
import { describe, expect, it } from 'vitest';
import { modulePreloads, type ViteManifest } from '../../src/server/plugins/site';

const manifest: ViteManifest = {
  'index.html': { file: 'assets/index-A.js', isEntry: true, imports: ['_shared-B.js'] },
  '_shared-B.js': { file: 'assets/shared-B.js' },
  '_format-C.js': { file: 'assets/format-C.js', imports: ['_shared-B.js'] },
  'src/client/features/properties/pages/property-detail-page.tsx': {
    file: 'assets/property-detail-page-D.js',
    imports: ['index.html', '_format-C.js'],
  },
};

describe('modulePreloads', () => {
  it('names the page chunk and what it imports, once each, never the entry', () => {
    const links = modulePreloads(manifest, ['src/client/features/properties/pages/property-detail-page.tsx']);
    expect(links.match(/href="[^"]+"/g)).toEqual([
      'href="/assets/property-detail-page-D.js"',
      'href="/assets/format-C.js"',
      'href="/assets/shared-B.js"',
    ]);
    expect(links).toContain('rel="modulepreload" crossorigin');
  });

  it('is empty without a manifest or for a page it does not know', () => {
    expect(modulePreloads(null, ['src/client/features/x.tsx'])).toBe('');
    expect(modulePreloads(manifest, ['src/client/features/unknown.tsx'])).toBe('');
  });
});
