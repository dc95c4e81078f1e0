// Each form page as a visitor first sees it, drawn at build time (scripts/prerender.ts) and sent
// by the server inside the page (src/server/platform/web.ts), so the form shows before its code has run;
// main.tsx then takes it over in place.
import { renderToString } from "react-dom/server";
import { localToday } from "../engine/dates";
import { StaticRouter } from "react-router";
import { App } from "./App";
import { createSaver } from "./state/saver";
import { pages } from "./pages";
import { preloadRoute } from "./router";

export const routes = pages.map((page) => page.route);

export async function prerender(route: string): Promise<string> {
  await preloadRoute(route);
  // Drawing sends nothing; the saver is there because the form's questions ask for one.
  const saver = createSaver();
  try {
    return renderToString(
      <StaticRouter location={route}>
        <App saver={saver} drawnOn={localToday()} />
      </StaticRouter>,
    );
  } finally {
    saver.dispose();
  }
}
