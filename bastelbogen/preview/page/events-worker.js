// The one event stream of every tab of this browser that shows the preview (a shared
// worker): a browser holds six connections to a host at most, and a stream per tab would
// stall the sixth tab's page. Each tab's port is told what the stream tells.
const ports = new Set();

function tell(message) {
  for (const port of ports) port.postMessage(message);
}

const source = new EventSource("/events");
source.onmessage = (event) => tell({type: "version", version: Number(event.data)});
source.addEventListener("building", () => tell({type: "building"}));
source.onerror = () => tell({type: "lost"});

onconnect = (event) => {
  const port = event.ports[0];
  ports.add(port);
  // A tab that goes says so (a closed tab's port cannot be told apart otherwise); one
  // back from the browser's page cache says hello again.
  port.onmessage = (message) => {
    if (message.data === "bye") ports.delete(port);
    else if (message.data === "hello") ports.add(port);
  };
  port.start();
};
