// The page's entry: its styles, then the app once the browser has painted. A visitor's form page
// comes drawn by the server (src/client/prerender.tsx) and shows at that first paint; the app's
// code, fetched meanwhile (the server names it for preloading), runs after it, not before.
import "./styles/theme.css";
import "./styles/app.css";

const start = () => void import("./main");
// A tab loaded in the background paints nothing (and runs no animation frames) until shown.
if (document.visibilityState === "visible") requestAnimationFrame(() => setTimeout(start));
else start();
