// What the server tells of its builds (server-sent events), shared by every tab of the
// browser: one stream in a shared worker (events-worker.js) tells them all, so the sixth
// tab of a browser loads too (six connections to a host at most). A browser without shared
// workers opens a stream for the tab. `onVersion(version)` when a build is in, and when a
// build on its way has listed its pieces (the state shows them, their pictures come as
// they are drawn); a build that begins marks the page (body.building: "building…") until
// the next one is in.
function told(message, onVersion) {
  if (message.type === "building") {
    document.body.classList.add("building");
  } else if (message.type === "version") {
    document.body.classList.remove("building");
    onVersion(message.version);
  } else if (message.type === "listed") {
    onVersion(null); // still building: the state says so
  } else if (message.type === "lost") {
    const status = document.getElementById("status"); // none on the rulebook's page
    if (status) status.textContent = "disconnected: is pnp serve still running?";
  }
}

export function listen(onVersion) {
  if (typeof SharedWorker === "function") {
    try {
      const worker = new SharedWorker("/events-worker.js", {name: "bastelbogen-events"});
      worker.port.onmessage = (event) => told(event.data, onVersion);
      addEventListener("pagehide", () => worker.port.postMessage("bye"));
      addEventListener("pageshow", (event) => { if (event.persisted) worker.port.postMessage("hello"); });
      worker.port.start();
      return;
    } catch (error) {
      // no worker here (a browser that forbids it): a stream of the tab's own
    }
  }
  const source = new EventSource("/events");
  source.onmessage = (event) => told({type: "version", version: Number(event.data)}, onVersion);
  source.addEventListener("building", () => told({type: "building"}, onVersion));
  source.addEventListener("listed", () => told({type: "listed"}, onVersion));
  source.onerror = () => told({type: "lost"}, onVersion);
}
