// React.lazy for parts beside the page (dialogs, toasts) that load after the first screen: when
// their file cannot be loaded (offline, a deploy removed it), they render nothing instead of
// throwing to an error boundary that would take the whole page down.
import { type ComponentType, lazy } from 'react';

export function lazyOrNothing(what: string, load: () => Promise<ComponentType>) {
  return lazy(() =>
    load().then(
      (Component) => ({ default: Component }),
      (error: unknown) => {
        console.error(`[lazy] could not load ${what}`, error);
        return { default: (() => null) as ComponentType };
      },
    ),
  );
}
