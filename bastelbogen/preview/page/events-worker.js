// The one event stream of every tab of this browser that shows the preview (a shared
// worker): a browser holds six connections to a host at most, and a stream per tab would
// stall the sixth tab's page. Each tab's port is told what the stream tells.
const ports = new Set();
// What the stream told since the last build in, that build first, each kind once: told
// again to a tab that connects or comes back. The stream may tell it before the first
// tab's port has connected (a busy page), which would never hear of the build it awaits.
let since = [];

function tell(message) {
  since = message.type === "version" ? [message] : [...since.filter((m) => m.type !== message.type), message];
  for (const port of ports) port.postMessage(message);
}

function joined(port) {
  ports.add(port);
  for (const message of since) port.postMessage(message);
}

const source = new EventSource("/events");
source.onmessage = (event) => tell({type: "version", version: Number(event.data)});
source.addEventListener("building", () => tell({type: "building"}));
source.addEventListener("listed", () => tell({type: "listed"}));
source.onerror = () => tell({type: "lost"});

onconnect = (event) => {
  const port = event.ports[0];
  // A tab that goes says so (a closed tab's port cannot be told apart otherwise); one
  // back from the browser's page cache says hello again.
  port.onmessage = (message) => {
    if (message.data === "bye") ports.delete(port);
    else if (message.data === "hello") joined(port);
  };
  port.start();
  joined(port);
};
