import { QueryClient } from '@tanstack/react-query';

/** Server state of the signed-in shell (the login page does not load TanStack Query). */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 },
    mutations: { retry: false },
  },
});
