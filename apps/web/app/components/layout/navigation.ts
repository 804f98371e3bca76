// SPEC §2 "On every navigation", in one place; called by the custom layout on each location change.
import { useSiteConfigStore } from '../../stores/site-config';
import { useUiStore } from '../../stores/ui';
import { useUserStore } from '../../stores/user';

const ignore = () => undefined; // failures already showed their pop-up (http.ts)

export function onNavigation(): void {
  const user = useUserStore.getState();
  user.restoreToken();

  const site = useSiteConfigStore.getState();
  if (!site.loaded && !site.loading) void site.load().catch(ignore);

  const { token, loaded, loading } = useUserStore.getState();
  if (token && !loaded && !loading) void useUserStore.getState().fetchInfo().catch(ignore);

  useUiStore.getState().closeCartPanel();
}
