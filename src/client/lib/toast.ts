// Toasts (doc 1 §4): at most one visible, variants default and destructive, 5000 ms by default.
import { useSyncExternalStore } from 'react';
import { TOAST_DURATION_MS } from '../../domain/constants';

export interface ToastData {
  id: number;
  title: string;
  description?: string;
  variant?: 'default' | 'destructive';
  duration?: number;
  open: boolean;
}

type Listener = () => void;
let current: ToastData[] = [];
let nextId = 1;
const listeners = new Set<Listener>();
const emit = () => {
  for (const l of listeners) l();
};

export function toast(input: Omit<ToastData, 'id' | 'open'>) {
  const id = nextId++;
  current = [{ duration: TOAST_DURATION_MS, variant: 'default', ...input, id, open: true }];
  emit();
  return {
    id,
    dismiss: () => dismissToast(id),
    update: (patch: Partial<Omit<ToastData, 'id'>>) => {
      current = current.map((t) => (t.id === id ? { ...t, ...patch } : t));
      emit();
    },
  };
}

export function dismissToast(id?: number) {
  current = current.map((t) => (id === undefined || t.id === id ? { ...t, open: false } : t));
  emit();
}

export function useToasts(): ToastData[] {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => current,
    () => current,
  );
}
