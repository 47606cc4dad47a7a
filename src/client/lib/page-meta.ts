import { useEffect } from 'react';
import { BRAND_NAME } from '../../domain/constants';

/** Set the document title (and meta description) for pages whose title depends on data. */
export function useDocumentTitle(title: string | undefined, description?: string) {
  useEffect(() => {
    if (!title) return;
    document.title = title.includes(BRAND_NAME) ? title : `${title} | ${BRAND_NAME}`;
    if (description) {
      let meta = document.querySelector<HTMLMetaElement>('meta[name="description"]');
      if (!meta) {
        meta = document.createElement('meta');
        meta.name = 'description';
        document.head.appendChild(meta);
      }
      meta.content = description;
    }
  }, [title, description]);
}
