// The board's one way to the server: JSON in, JSON out, under /v1/. A 4xx or 5xx reply becomes an
// ApiError carrying the server's own message, which the board shows as it is. A page exported by
// `dominosolver board --export` (opened from a file or a static host) asks the WebAssembly module
// instead (offline.js): the same replies, the module's errors by their names.
import { answer, offline } from "./offline.js";

// Where the board's questions go: "server" (dominosolver serve's HTTP API) or "module" (offline).
export const backend = offline ? "module" : "server";

export class ApiError extends Error {
  constructor(status, message, reply) {
    super(message);
    this.status = status;
    this.reply = reply;
  }
}

// An error reply is {"type": "error", "error": <exception name>, "message": <the fault>} (docs/http.md).
function messageOf(reply, status) {
  if (reply?.message) return reply.error ? `${reply.error}: ${reply.message}` : reply.message;
  return `HTTP ${status}`;
}

// POST body to /v1/<path> (GET when body is undefined); resolves to the reply's JSON. onProgress
// hears how far the module has got where it can say (a table's cells); the server replies at once.
export async function call(path, body, { signal, onProgress } = {}) {
  if (offline) {
    try {
      return await answer(path, body, { signal, onProgress });
    } catch (error) {
      throw new ApiError(400, `${error.name}: ${error.message}`, null);
    }
  }
  const init = body === undefined ? { method: "GET", signal }
    : { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body), signal };
  let response;
  try {
    response = await fetch(`/v1/${path}`, init);
  } catch (error) { // no reply at all: the server stopped, or the network is down
    if (error.name === "AbortError") throw error;
    throw new ApiError(0, `no answer from the server: is dominosolver serve still running? (${error.message})`, null);
  }
  let reply = null;
  try {
    reply = await response.json();
  } catch {
    reply = null;
  }
  if (!response.ok) throw new ApiError(response.status, messageOf(reply, response.status), reply);
  return reply;
}
