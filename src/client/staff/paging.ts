import { useState } from "react";

/**
 * Keyset paging: the cursors of the pages before this one, so Previous goes back without the
 * server counting offsets. A new filter (`resetKey`) starts again at the first page.
 */
export function useCursors<C>(resetKey: string) {
  const [state, setState] = useState<{ key: string; stack: C[] }>({ key: resetKey, stack: [] });
  const stack = state.key === resetKey ? state.stack : [];
  return {
    /** The cursor of the page shown; undefined on the first. */
    current: stack.at(-1),
    isFirst: stack.length === 0,
    next: (cursor: C) => setState({ key: resetKey, stack: [...stack, cursor] }),
    previous: () => setState({ key: resetKey, stack: stack.slice(0, -1) }),
  };
}
