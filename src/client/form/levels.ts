// Heading levels inside a page, shared by the form's renderer and the read-only pages (which the
// office's app draws too, without the renderer and the save pipeline it brings).

/** A heading level inside a page (its title is the h1, or the h2 on an office page). */
export type Level = 2 | 3 | 4 | 5 | 6;
export const deeper = (level: Level): Level => Math.min(level + 1, 6) as Level;
