import { createRoot, hydrateRoot } from "react-dom/client";
import { BrowserRouter } from "react-router";
import { App } from "./App";
import { api } from "./api/calls";
import { queryClient } from "./api/queries";
import { preloadRoute } from "./router";
import { useAnswers } from "./state/answers";
import { createSaver, restoreVisitorAnswers } from "./state/saver";
import { serviceToken, useSession } from "./state/session";
import { beforeTakeover } from "./takeover";

// A visitor's answers survive a reload; a logged-in applicant's come with the profile.
const isLoggedIn = useSession.getState().is_logged_in;
if (!isLoggedIn) restoreVisitorAnswers();

// The save queue, its retries and its listeners, for as long as the page is open.
const saver = createSaver();

// The PDF printer's service view: its data is fetched while its code loads, not after.
if (serviceToken !== null) void queryClient.prefetchQuery({ queryKey: ["service-application", serviceToken], queryFn: () => api.serviceApplication(serviceToken!) });

const container = document.getElementById("root")!;

// A visitor's form page comes drawn ahead by the server (src/client/prerender.tsx). React takes
// it over in place when this visit draws the same page (a visitor with nothing kept on this
// device), and redraws it otherwise; either way, what was typed into it meanwhile is kept.
function mount() {
  beforeTakeover(container);
  const sameAsDrawn = !isLoggedIn && serviceToken === null && Object.keys(useAnswers.getState().answers).length === 0;
  const takesOver = container.firstElementChild !== null && sameAsDrawn;
  // The day the page was drawn on, for the first render to draw the same (ui/today.ts).
  const drawnOn = takesOver ? (container.querySelector<HTMLElement>("[data-drawn-on]")?.dataset.drawnOn ?? null) : null;
  const app = (
    <BrowserRouter>
      <App saver={saver} drawnOn={drawnOn} />
    </BrowserRouter>
  );
  if (takesOver) hydrateRoot(container, app);
  else createRoot(container).render(app);
}

// The page's code first, then one render of the whole page (a failed download renders the error screen).
preloadRoute(location.pathname).then(mount, mount);
