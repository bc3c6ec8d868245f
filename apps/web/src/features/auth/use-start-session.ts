import type { ResponseOf } from '@gre/contract/endpoint';
import type { login } from '@gre/contract/endpoints/user';
import { useNavigate, useSearchParams } from 'react-router';
import { useAppStore } from '../../app/app-store.ts';
import { safeNext } from '../../app/paths.ts';
import { adminModesAtLogin } from '../../lib/admin-mode.ts';
import { currentUserQuery } from '../../lib/current-user.ts';
import { queryClient } from '../../lib/query-client.ts';
import { toast } from '../../lib/toast.ts';
import { storeToken } from '../../lib/token.ts';

export type Session = ResponseOf<typeof login>;

/** After login or registration: keep the token, seed the user, go back to the page the visitor wanted (or home). */
export function useStartSession(): (session: Session, greeting: string) => void {
  const navigate = useNavigate();
  const [search] = useSearchParams();
  return (session, greeting) => {
    storeToken(session.token);
    queryClient.setQueryData(currentUserQuery.queryKey, session.user);
    useAppStore.getState().setCurrentUserId(session.user.id);
    adminModesAtLogin(session.user.is_admin);
    toast('success', greeting);
    void navigate(safeNext(search.get('next')), { replace: true });
  };
}
