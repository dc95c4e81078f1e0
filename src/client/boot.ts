// The page's entry: its styles, then the app once the browser has painted. A visitor's form page
// comes drawn by the server (src/client/prerender.tsx) and shows at that first paint; the app's
// code, fetched meanwhile (the server names it for preloading), runs after it, not before.
import "./styles/theme.css";
import "./styles/app.css";
import { serviceTokenIn } from "./service-token";

const start = () => void import("./main");
// A tab loaded in the background paints nothing (and runs no animation frames) until shown. The
// PDF printer's service view has nothing to paint before the app has drawn it.
const isServiceView = serviceTokenIn(location.search) !== null;
if (document.visibilityState === "visible" && !isServiceView) requestAnimationFrame(() => setTimeout(start));
else start();
