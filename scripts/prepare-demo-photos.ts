// One-off: turn the openly licensed demo photos into the WebP renditions the seeded listings use.
// Run once from the repository root: `npx tsx scripts/prepare-demo-photos.ts [source-dir]`
// (default ../shared/data/photos). The output in public/demo/photos/ is committed; the app never
// reads the source folder.
import { mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';

const SOURCE = path.resolve(process.argv[2] ?? '../shared/data/photos');
const TARGET = path.resolve('public/demo/photos');
const RENDITIONS = [
  { suffix: '1200', width: 1200, quality: 70 },
  { suffix: '480', width: 480, quality: 68 },
] as const;

async function main() {
  mkdirSync(TARGET, { recursive: true });
  const photos = readdirSync(SOURCE)
    .filter((f) => f.endsWith('.jpg'))
    .sort();
  let total = 0;
  for (const file of photos) {
    const name = file.replace(/\.jpg$/, '');
    for (const r of RENDITIONS) {
      const out = path.join(TARGET, `${name}-${r.suffix}.webp`);
      const info = await sharp(path.join(SOURCE, file))
        .resize({ width: r.width, withoutEnlargement: true })
        .webp({ quality: r.quality, effort: 6 })
        .toFile(out);
      total += statSync(out).size;
      console.log(`${path.basename(out)} ${info.width}x${info.height} ${Math.round(info.size / 1024)} KiB`);
    }
  }
  writeFileSync(
    path.join(TARGET, 'CREDITS.md'),
    credits(readFileSync(path.join(SOURCE, 'CREDITS.md'), 'utf8')),
  );
  console.log(`${photos.length} photos, ${(total / 1024 / 1024).toFixed(2)} MiB in ${TARGET}`);
}

/** The source credits kept whole, under a note saying which renditions in this folder they cover. */
function credits(source: string): string {
  return `# Demo photos in this folder

Every \`<name>-1200.webp\` (1200 px wide) and \`<name>-480.webp\` (480 px wide thumbnail) here is a
WebP rendition of \`<name>.jpg\` listed below, made by \`scripts/prepare-demo-photos.ts\` (resized
only, no crop). The seeded demo listings use them. Their credits and licence follow, as received.

${source.replace(/^# .*\n+/, '').replace(/^##/gm, '###')}`;
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
