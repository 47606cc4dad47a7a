// A server-rendered page names its chunks so they download beside the entry script, asks for its stylesheet before
// any of them, and fetches its scripts only after its first paint (plugins/site.ts, decision 0039).
import { describe, expect, it } from 'vitest';
import {
  afterPaintLoader,
  afterPaintTemplate,
  pageChunks,
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

describe('pageChunks', () => {
  it('names the page chunk and what it imports, once each, never the entry', () => {
    expect(pageChunks(manifest, ['src/client/features/properties/pages/property-detail-page.tsx'])).toEqual([
      '/assets/property-detail-page-D.js',
      '/assets/format-C.js',
      '/assets/shared-B.js',
    ]);
  });

  it('is empty without a manifest or for a page it does not know', () => {
    expect(pageChunks(null, ['src/client/features/x.tsx'])).toEqual([]);
    expect(pageChunks(manifest, ['src/client/features/unknown.tsx'])).toEqual([]);
  });
});

const built = `<head>
    <title>Your Place</title>
    <!--app-head-->
    <script type="module" crossorigin src="/assets/index-A.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/shared-B.js">
    <link rel="modulepreload" crossorigin href="/assets/react-E.js">
    <link rel="stylesheet" crossorigin href="/assets/main-C.css">
  </head>`;

describe('afterPaintTemplate', () => {
  it('takes the entry script and its module preloads out of the head, leaving a mark where the entry was', () => {
    const page = afterPaintTemplate(built);
    expect(page).not.toBeNull();
    if (!page) return;
    expect(page.entry).toBe('/assets/index-A.js');
    expect(page.modules).toEqual(['/assets/shared-B.js', '/assets/react-E.js']);
    expect(page.template).not.toMatch(/<script type="module"|modulepreload/);
    expect(page.template).toContain('<!--after-paint-->');
    expect(page.template).toContain('<link rel="stylesheet" crossorigin href="/assets/main-C.css">');
    expect(page.template.indexOf('<!--app-head-->')).toBeLessThan(
      page.template.indexOf('<!--after-paint-->'),
    );
  });

  it('is null for a shell with no entry script (the one used before the client is built)', () => {
    expect(afterPaintTemplate('<head><!--app-head--></head><body><div id="root"></div></body>')).toBeNull();
  });
});

describe('afterPaintLoader', () => {
  it("names the entry and every chunk once: the built preloads first, then the page's own", () => {
    const page = afterPaintTemplate(built);
    if (!page) throw new Error('the built page has an entry');
    const tag = afterPaintLoader(page, ['/assets/property-detail-page-D.js', '/assets/shared-B.js']);
    expect(tag).toBe(
      '<script defer src="/after-paint.js" data-entry="/assets/index-A.js" ' +
        'data-modules="/assets/shared-B.js /assets/react-E.js /assets/property-detail-page-D.js"></script>',
    );
  });
});

describe('stylesFirst', () => {
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
