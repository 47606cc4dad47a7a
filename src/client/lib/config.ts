// The public settings (GET /api/config), read once per page load and shared by every feature that needs them.
import { useQuery } from '@tanstack/react-query';
import type { TPublicConfig } from '../../domain/config';

export const CONFIG_KEY = ['/api/config'] as const;

export function usePublicConfig() {
  return useQuery<TPublicConfig>({ queryKey: CONFIG_KEY, staleTime: Number.POSITIVE_INFINITY });
}
