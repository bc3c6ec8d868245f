// The one TanStack Query client: server data lives here (DESIGN: loaders prefetch through it).
import { QueryClient } from '@tanstack/react-query';

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      // The error catalogue has already told the visitor; a silent retry would tell them twice.
      retry: false,
      refetchOnWindowFocus: false,
      staleTime: 30_000,
    },
    mutations: { retry: false },
  },
});
