// The rulebook's page (/rulebook/<lang>): loaded again when a new build is in, as the
// preview's page draws its new state (events.js: one event stream for every tab). The page
// names the build it shows (body data-build); the scroll position is kept by the browser.
import {listen} from "./events.js";

const shown = Number(document.body.dataset.build);
listen((version) => {
  if (version !== null && version !== shown) location.reload();
});
