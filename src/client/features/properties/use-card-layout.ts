// Grid or list cards, remembered on this device. The server's HTML and the hydrating render show the grid (the
// default), since only the browser knows the stored choice (decision 0024).
import { useState } from 'react';
import { useHydrated } from '../../lib/hydrated';
import type { CardLayout } from './components/property-card';

const LAYOUT_STORAGE_KEY = 'yp.propertyLayout';

function storedLayout(): CardLayout {
  try {
    return localStorage.getItem(LAYOUT_STORAGE_KEY) === 'list' ? 'list' : 'grid';
  } catch {
    return 'grid';
  }
}

export function useCardLayout(): [CardLayout, (layout: CardLayout) => void] {
  const hydrated = useHydrated();
  const [chosen, setChosen] = useState<CardLayout | null>(null);
  const layout = chosen ?? (hydrated ? storedLayout() : 'grid');
  const choose = (next: CardLayout) => {
    setChosen(next);
    try {
      localStorage.setItem(LAYOUT_STORAGE_KEY, next);
    } catch {
      // private mode: the choice lasts for this visit only
    }
  };
  return [layout, choose];
}
