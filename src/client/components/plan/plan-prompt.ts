// Opening the upgrade prompt from anywhere (a save heart on a card, a refused request): one at a time.
import { useSyncExternalStore } from 'react';
import type { Feature } from '../../../domain/plans';
import { ApiError } from '../../lib/api';

export interface PlanPromptState {
  feature: Feature;
  title?: string;
}

let current: PlanPromptState | null = null;
const listeners = new Set<() => void>();
const emit = () => {
  for (const listener of listeners) listener();
};

export function showPlanPrompt(feature: Feature, title?: string): void {
  current = { feature, title };
  emit();
}

export function closePlanPrompt(): void {
  current = null;
  emit();
}

export function usePlanPrompt(): PlanPromptState | null {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => current,
    () => current,
  );
}

/** A 401/403 naming a plan feature opens the prompt instead of an error; true when it did. */
export function promptForRefusal(error: unknown, title?: string): boolean {
  const feature = error instanceof ApiError ? error.body?.feature : undefined;
  if (!feature || (error as ApiError).status < 401 || (error as ApiError).status > 403) return false;
  showPlanPrompt(feature as Feature, title);
  return true;
}
