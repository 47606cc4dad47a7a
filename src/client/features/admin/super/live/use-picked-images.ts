// The images chosen for live content: read in the browser (scaled down when large, refused when not a picture or
// too big), at most LIVE_IMAGES_MAX, each removable before publishing.
import { useState } from 'react';
import { LIVE_IMAGES_MAX } from '../../../../../domain/admin';
import { toast } from '../../../../lib/toast';
import { ImageChoiceError, imageFileToDataUrl } from '../image-data';

export interface PickedImage {
  name: string;
  dataUrl: string;
}

export function usePickedImages() {
  const [images, setImages] = useState<PickedImage[]>([]);
  const [reading, setReading] = useState(false);

  const add = async (files: FileList | null) => {
    if (!files?.length) return;
    setReading(true);
    try {
      const added: PickedImage[] = [];
      for (const file of Array.from(files)) {
        if (images.length + added.length >= LIVE_IMAGES_MAX) {
          toast({
            title: 'Too many images',
            description: `At most ${LIVE_IMAGES_MAX} images.`,
            variant: 'destructive',
          });
          break;
        }
        try {
          added.push({ name: file.name, dataUrl: await imageFileToDataUrl(file) });
        } catch (error) {
          if (error instanceof ImageChoiceError)
            toast({ title: error.title, description: error.message, variant: 'destructive' });
          else throw error;
        }
      }
      setImages([...images, ...added]);
    } finally {
      setReading(false);
    }
  };

  return {
    images,
    reading,
    add,
    remove: (index: number) => setImages(images.filter((_, i) => i !== index)),
    clear: () => setImages([]),
    /** The images as the request carries them. */
    dataUrls: images.map((image) => image.dataUrl),
  };
}
export type PickedImages = ReturnType<typeof usePickedImages>;
