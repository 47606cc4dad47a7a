// A server-rendered page names its chunks so they download beside the entry script, and asks for its stylesheet
// before any of them (plugins/site.ts).
import { describe, expect, it } from 'vitest';
import {
  modulePreloads,
  priorityImagePreload,
  stylesFirst,
  type ViteManifest,
} from '../../src/server/plugins/site';

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

describe('stylesFirst', () => {
  const built = `<head>
    <title>Your Place</title>
    <!--app-head-->
    <script type="module" crossorigin src="/assets/index-A.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/shared-B.js">
    <link rel="stylesheet" crossorigin href="/assets/main-C.css">
  </head>`;

  it('moves the stylesheet before the head content and every script', () => {
    const html = stylesFirst(built);
    const at = (text: string) => html.indexOf(text);
    expect(html.match(/rel="stylesheet"/g)).toHaveLength(1);
    expect(at('main-C.css')).toBeLessThan(at('<!--app-head-->'));
    expect(at('<!--app-head-->')).toBeLessThan(at('index-A.js'));
    expect(at('index-A.js')).toBeLessThan(at('shared-B.js'));
    expect(html).not.toMatch(/\n\s*\n/);
  });

  it('leaves a page without a stylesheet or a head marker as it is', () => {
    const noStyles = '<head><!--app-head--><script src="/a.js"></script></head>';
    expect(stylesFirst(noStyles)).toBe(noStyles);
    const noMarker = '<head><link rel="stylesheet" href="/a.css"></head>';
    expect(stylesFirst(noMarker)).toBe(noMarker);
  });
});

describe('priorityImagePreload', () => {
  it('preloads the first high-priority picture with its sources and sizes, escaped as they were', () => {
    const html =
      '<div><img src="/media/a-thumb.webp" alt="" loading="lazy"/>' +
      '<img src="/media/b-480.webp" srcset="/media/b-480.webp 480w, /media/b-1600.webp?x=1&amp;y=2 1600w" sizes="100vw" alt="Front" fetchpriority="high"/>' +
      '<img src="/media/c.webp" fetchpriority="high"/></div>';
    expect(priorityImagePreload(html)).toBe(
      '<link rel="preload" as="image" href="/media/b-480.webp" imagesrcset="/media/b-480.webp 480w, /media/b-1600.webp?x=1&amp;y=2 1600w" imagesizes="100vw" fetchpriority="high" />',
    );
  });

  it('is empty for a page without one', () => {
    expect(priorityImagePreload('<main><img src="/a.webp" loading="lazy"/></main>')).toBe('');
    expect(priorityImagePreload('<main><p>fetchpriority="high"</p></main>')).toBe('');
  });
});
