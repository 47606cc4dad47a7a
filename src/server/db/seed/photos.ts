// The demo photos in public/demo/photos (made by scripts/prepare-demo-photos.ts; credits in CREDITS.md there).
// Sizes are those of the renditions on disk.

export type PhotoKind = 'terrace' | 'semi' | 'detached' | 'flats' | 'interior';

export interface DemoPhoto {
  name: string;
  kind: PhotoKind;
  alt: string;
  width: number;
  height: number;
}

export const DEMO_PHOTOS_PATH = '/demo/photos';

export const DEMO_PHOTOS: readonly DemoPhoto[] = [
  {
    name: 'exterior-terrace-01',
    kind: 'terrace',
    alt: 'Street of red-brick terraced houses',
    width: 1200,
    height: 817,
  },
  {
    name: 'exterior-terrace-02',
    kind: 'terrace',
    alt: 'Townhouse front door with steps and railings',
    width: 1200,
    height: 802,
  },
  {
    name: 'exterior-semi-detached-01',
    kind: 'semi',
    alt: 'Pair of red-brick semi-detached houses',
    width: 1200,
    height: 800,
  },
  {
    name: 'exterior-semi-detached-02',
    kind: 'semi',
    alt: 'Red-brick semi-detached house',
    width: 1200,
    height: 800,
  },
  {
    name: 'exterior-detached-01',
    kind: 'detached',
    alt: 'Detached brick house with chimney stacks',
    width: 1200,
    height: 800,
  },
  {
    name: 'exterior-flats-01',
    kind: 'flats',
    alt: 'Modern apartment blocks with balconies around a courtyard',
    width: 1200,
    height: 800,
  },
  {
    name: 'exterior-flats-02',
    kind: 'flats',
    alt: 'Tall brick apartment building with balconies',
    width: 1200,
    height: 800,
  },
  {
    name: 'exterior-flats-03',
    kind: 'flats',
    alt: 'Grey modern apartment block with balconies',
    width: 1200,
    height: 800,
  },
  {
    name: 'exterior-flats-04',
    kind: 'flats',
    alt: 'Low-rise brick apartment block with a lawn',
    width: 1200,
    height: 888,
  },
  { name: 'exterior-flats-05', kind: 'flats', alt: 'Pale residential tower block', width: 1200, height: 818 },
  {
    name: 'interior-living-01',
    kind: 'interior',
    alt: 'Living room with fireplace, sofa and dining area',
    width: 1200,
    height: 800,
  },
  {
    name: 'interior-living-02',
    kind: 'interior',
    alt: 'Living area with a round dining table',
    width: 1200,
    height: 800,
  },
  {
    name: 'interior-living-03',
    kind: 'interior',
    alt: 'Bright open-plan living room and white kitchen',
    width: 1200,
    height: 801,
  },
  {
    name: 'interior-dining-01',
    kind: 'interior',
    alt: 'Modern dining area with open staircase',
    width: 1200,
    height: 800,
  },
];

const byName = new Map(DEMO_PHOTOS.map((p) => [p.name, p]));

export function demoPhoto(name: string): DemoPhoto {
  const photo = byName.get(name);
  if (!photo) throw new Error(`unknown demo photo ${name}`);
  return photo;
}

export function photosOfKind(kind: PhotoKind): DemoPhoto[] {
  return DEMO_PHOTOS.filter((p) => p.kind === kind);
}

/** Large (1200 px) and thumbnail (480 px) URLs, served by Vite/static from public/. */
export function demoPhotoUrls(photo: DemoPhoto): { url: string; thumbUrl: string } {
  return {
    url: `${DEMO_PHOTOS_PATH}/${photo.name}-1200.webp`,
    thumbUrl: `${DEMO_PHOTOS_PATH}/${photo.name}-480.webp`,
  };
}
