// The hint worker (docs/javascript.md): a module Worker (or, in node, a worker_threads thread) that
// loads the WebAssembly module once and runs hints one at a time, as index.js's startHintWorker asks:
//   in:  {type: "hint", id, view, options, progress}   {type: "stop", id}   {type: "bid", id, hand, options}
//        {type: "table", id, deal, options, progress}   (a table's progress: {solved, cells} after each cell)
//   out: {type: "progress", id, hint}   {type: "result", id, hint}   {type: "error", id, name, message}
// Between batches of worlds it yields to its messages, so a stop is seen at the next batch: the hint
// then ends with the worlds solved so far, as Python's hint does when should_stop answers true. A bid
// advice (index.js's bidSteps) yields between batches of deals likewise: stopped, it rests on the
// deals scored (at least one batch), as Python's advise_bid with should_stop; its answer comes as a
// result too. A table
// (index.js's tableSteps) yields between cells: a stop ends it there with a SearchLimitError.
import { bidSteps, hintSteps, loadCore, tableSteps } from "./index.js";

const inNode = typeof process === "object" && Boolean(process.versions && process.versions.node);
let post, listen;
if (inNode) {
  const { parentPort } = await import("node:worker_threads");
  post = (message) => parentPort.postMessage(message);
  listen = (f) => parentPort.on("message", f);
} else {
  post = (message) => self.postMessage(message);
  listen = (f) => self.addEventListener("message", (event) => f(event.data));
}

const core = loadCore();
const queue = [];
const stops = new Set();
let busy = false;

// A turn of the event loop without setTimeout's 4 ms clamp, in which a stop can arrive: in a browser a
// message to ourselves; in node setImmediate (node drains a port's messages, those posted meanwhile
// too, before its other ports': the parent's stop waited for the hint's end).
const channel = new MessageChannel();
const waiting = [];
channel.port1.onmessage = () => waiting.shift()();
const pause = inNode ? () => new Promise((resolve) => setImmediate(resolve)) : () => new Promise((resolve) => {
  waiting.push(resolve);
  channel.port2.postMessage(0);
});

async function run({ type, id, view, hand, deal, options, progress }) {
  try {
    const stop = () => stops.has(id);
    const steps = type === "table" ? tableSteps(await core, deal, options, { stop })
      : type === "bid" ? bidSteps(await core, hand, options, { stop })
      : hintSteps(await core, view, options, {
        stoppable: true,
        stop,
        onProgress: progress ? (hint) => post({ type: "progress", id, hint }) : undefined,
      });
    for (;;) {
      const { value, done } = steps.next();
      if (done) {
        post({ type: "result", id, hint: value });
        return;
      }
      if (progress && type === "table") post({ type: "progress", id, hint: { solved: value.solved, cells: value.cells } });
      await pause();
    }
  } catch (e) {
    post({ type: "error", id, name: e.name, message: e.message });
  } finally {
    stops.delete(id);
  }
}

async function pump() {
  if (busy) return;
  busy = true;
  while (queue.length) await run(queue.shift());
  busy = false;
}

listen((message) => {
  if (message.type === "hint" || message.type === "bid" || message.type === "table") {
    queue.push(message);
    pump();
  } else if (message.type === "stop") {
    stops.add(message.id);
  }
});
post({ type: "ready" });
