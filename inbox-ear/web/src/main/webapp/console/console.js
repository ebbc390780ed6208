// The console's page: plain JavaScript over the console's API (api/), no build step. Every value
// from the server is written as text, never as markup: bodies and properties are a producer's.
"use strict";

// From the page's origin and path, never its full address: one that carries a login
// (https://user:password@host/...) would make every request of the page fail.
const API = new URL("api/", location.origin + location.pathname).href;
const view = document.getElementById("view");
const notice = document.getElementById("notice");

/** An element with attributes and children (strings become text). */
function el(tag, attributes, ...children) {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes || {})) {
    if (name === "onclick") element.addEventListener("click", value);
    else if (value !== undefined && value !== null) element.setAttribute(name, value);
  }
  for (const child of children.flat()) {
    if (child !== undefined && child !== null) element.append(child instanceof Node ? child : String(child));
  }
  return element;
}

/** A table of rows, each a list of cells. */
function table(headings, rows) {
  return el("table", {},
    el("thead", {}, el("tr", {}, headings.map((heading) => el("th", {}, heading)))),
    el("tbody", {}, rows.map((cells) => el("tr", {}, cells.map((cell) => el("td", {}, cell ?? ""))))));
}

/** A table of name and value pairs, without headings. */
function facts(pairs) {
  return el("table", { class: "facts" },
    el("tbody", {}, pairs.map(([name, value]) => el("tr", {}, el("th", {}, name), el("td", {}, value ?? "")))));
}

function say(text, problem) {
  notice.textContent = text;
  notice.className = problem ? "problem" : "";
  notice.hidden = !text;
}

/** A problem response in words: its detail, which says what was wrong and what to do. */
async function problem(response) {
  try {
    const body = await response.json();
    return body.detail || body.title || response.statusText;
  } catch (notJson) {
    return response.status + " " + response.statusText;
  }
}

async function get(path) {
  const response = await fetch(API + path, { credentials: "same-origin", headers: { Accept: "application/json" } });
  if (!response.ok) throw new Error(await problem(response));
  return response.json();
}

async function post(path, body) {
  const response = await fetch(API + path, {
    method: "POST",
    credentials: "same-origin",
    headers: { "Content-Type": "application/json", Accept: "application/json" },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(await problem(response));
  return response.json();
}

/** An id per action, so that a retried request is not carried out twice. */
function actionId() {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6] & 0x0f) | 0x40;
  bytes[8] = (bytes[8] & 0x3f) | 0x80;
  const hex = [...bytes].map((b) => b.toString(16).padStart(2, "0")).join("");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** Asks for a confirmation and a reason; resolves to the reason, or null when cancelled. */
function confirmAction(title, text) {
  const dialog = document.getElementById("confirm");
  document.getElementById("confirm-title").textContent = title;
  document.getElementById("confirm-text").textContent = text;
  const reason = document.getElementById("confirm-reason");
  reason.value = "";
  return new Promise((resolve) => {
    dialog.addEventListener("close", () => resolve(dialog.returnValue === "go" ? reason.value.trim() : null), { once: true });
    dialog.showModal();
  });
}

/** Takes an action, then shows where the messages went: `after`, or the current view again. */
async function act(queue, kind, selection, what, after) {
  const reason = await confirmAction(kind === "redrive" ? "Redrive" : "Discard",
    (kind === "redrive" ? "Send back to the inbox queue: " : "Remove for good: ") + what);
  if (!reason) return;
  // One id for the action, kept when it is sent again: the server carries it out once.
  await send(queue, { id: actionId(), action: kind, ...selection, reason }, after);
}

async function send(queue, body, after) {
  try {
    const done = await post(`${queue}/actions`, body);
    const verb = { redrive: "Redriven", discard: "Discarded", release: "Released" }[body.action];
    say(`${verb}: ${done.action.messages} message(s).`);
    if (after && location.hash !== after) location.hash = after;
    else route();
  } catch (error) {
    say(error.message, true);
    notice.append(" ", el("button", { id: "again", onclick: () => send(queue, body, after) }, "Ask again"));
  }
}

const time = (value) => (value ? String(value).replace("T", " ").replace(/\.\d+/, "") : "");
const link = (href, text) => el("a", { href }, text);
const queueName = (queue) => (queue === "quarantine" ? "Quarantine" : "Dead letters");
const cause = (failed) => (failed.errorType
  ? el("span", {}, el("code", {}, failed.errorType), failed.errorFrame ? el("br") : "", failed.errorFrame ? el("small", {}, "at ", failed.errorFrame) : "")
  : "");
const FILTERS = ["reason", "consumer", "type", "errorType", "errorFrame", "from", "to"];

async function overview(show) {
  const [activity, quarantine, deadLetters] = await Promise.all([get("activity"), get("quarantine/groups"), get("dead-letters/groups")]);
  show(counters(activity), lastHour(activity.lastHour),
    el("h1", {}, "What waits for a decision"),
    groupsTable("quarantine", quarantine), groupsTable("dead-letters", deadLetters));
}

/** The gauges, as the metrics last read them. */
function counters(activity) {
  // A held message waits for a person: a count above zero stands out, and opens its queue.
  const counter = (label, value, href) =>
    el(href ? "a" : "span", { class: href && value > 0 ? "counter alarming" : "counter", href }, el("strong", {}, String(value)), label);
  return el("div", { class: "counters", id: "counters" },
    counter("waiting on the inbox queue", activity.backlog),
    counter("in the quarantine", activity.quarantined, "#/quarantine"),
    counter("dead letters", activity.deadLetters, "#/dead-letters"),
    counter("in the failure ledger", activity.failureLedger),
    el("p", { class: "muted" }, activity.countedAt ? `Counted at ${time(activity.countedAt)}.` : "Not counted yet."));
}

const SVG = "http://www.w3.org/2000/svg";

/** An SVG element with attributes and children. */
function svg(tag, attributes, ...children) {
  const element = document.createElementNS(SVG, tag);
  for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value);
  element.append(...children);
  return element;
}

const height = (value, highest) => (value === 0 ? 0 : Math.max(1, Math.round((value / highest) * 30)));

/** The last hour on this server: one row of sixty bars for each outcome, each on its own scale. */
function lastHour(minutes) {
  const rows = [["applied", "applied"], ["duplicates", "duplicates"], ["quarantined", "quarantined"], ["failed", "failed"]];
  return el("section", { class: "last-hour", id: "last-hour" },
    el("h2", {}, "The last hour on this server, minute by minute"),
    rows.map(([field, label]) => {
      const values = minutes.map((minute) => minute[field]);
      const total = values.reduce((sum, value) => sum + value, 0);
      const highest = Math.max(1, ...values);
      const bars = values.map((value, i) => svg("rect", {
        // At least a pixel for a minute that had any, however small beside the hour's highest.
        class: `bar ${field}`, x: i * 7, width: 6, y: 30 - height(value, highest), height: height(value, highest),
      }, svg("title", {}, `${time(minutes[i].start)}: ${value} ${label}`)));
      return el("div", { class: "series" },
        el("span", { class: "label" }, label),
        svg("svg", { viewBox: "0 0 420 30", width: 420, height: 30, role: "img", "aria-label": `${label}: ${total} in the last hour` },
          svg("line", { class: "axis", x1: 0, y1: 30, x2: 420, y2: 30 }), ...bars),
        el("span", { class: "figure" }, `${total} in the hour`, el("br"), el("small", {}, `at most ${Math.max(...values)} a minute`)));
    }));
}

function groupsTable(queue, grouped) {
  const groups = grouped.groups;
  // A look at a queue stops at its limit: then there are more than the groups count.
  const heading = el("h2", {}, `${queueName(queue)}: ${groups.reduce((n, g) => n + g.count, 0)}${grouped.complete ? "" : "+"} message(s)`);
  if (groups.length === 0) return el("div", {}, heading, el("p", { class: "muted" }, "Nothing waits here."));
  return el("div", {}, heading, table(
    ["Messages", "Why", "Consumer", "Error", "First", "Last", ""],
    groups.map((group) => {
      // Exactly the group: in the quarantine, a group without a recorded error excludes those with one.
      const filter = { reason: group.reason, consumer: group.consumer };
      if (queue === "quarantine") Object.assign(filter, { errorType: group.errorType || "-", errorFrame: group.errorFrame || "-" });
      const query = new URLSearchParams(Object.entries(filter).filter(([, v]) => v)).toString();
      return [
        link(`#/${queue}?${query}`, String(group.count)),
        el("span", {}, el("strong", {}, group.reason || "dead letter"), el("br"), group.guidance.meaning),
        group.consumer, cause(group), time(group.firstSeen), time(group.lastSeen),
        link(`#/${queue}?${query}`, "Open"),
      ];
    })));
}

async function list(queue, query, show) {
  const page = await get(`${queue}?${query}`);
  const drawnAt = new Date().toISOString();
  const params = new URLSearchParams(query);
  const number = Number(params.get("page") || 0);
  const pager = el("p", {}, `${page.total}${page.complete ? "" : "+"} message(s). Page ${number + 1}. `,
    number > 0 ? link(`#/${queue}?${withPage(params, number - 1)}`, "Previous") : "", " ",
    (number + 1) * page.size < page.total ? link(`#/${queue}?${withPage(params, number + 1)}`, "Next") : "");
  // The action takes what this list selects, as drawn: nothing set aside since.
  const filter = { to: drawnAt };
  for (const name of FILTERS) if (params.get(name)) filter[name] = params.get(name);
  const criteria = ["reason", "consumer", "type", "errorType", "errorFrame"].filter((name) => params.get(name))
    .map((name) => `${name} ${params.get(name) === "-" ? "none recorded" : params.get(name)}`);
  const what = `all ${page.total}${page.complete ? "" : "+"} message(s) of this list${criteria.length ? " (" + criteria.join(", ") + ")" : ""}`;
  show(el("h1", {}, queueName(queue)), pager,
    page.total === 0 ? "" : el("div", { class: "actions" },
      el("button", { onclick: () => act(queue, "redrive", { filter }, what) }, "Redrive all of these"),
      el("button", { class: "danger", onclick: () => act(queue, "discard", { filter }, what) }, "Discard all of these")),
    table(
      ["Message", "Type", "Why", "Consumer", "Error", "Set aside"],
      page.messages.map((message) => [
        message.entry ? link(`#/${queue}/entries/${encodeURIComponent(message.entry)}`, message.messageId || message.entry) : message.messageId,
        message.type, message.reason, message.consumer, message.error, time(message.enqueuedAt),
      ])));
}

function withPage(params, page) {
  const next = new URLSearchParams(params);
  next.set("page", page);
  return next.toString();
}

async function entry(queue, id, show) {
  const detail = await get(`${queue}/entries/${encodeURIComponent(id)}`);
  const message = detail.message;
  const what = `message ${message.messageId || id}`;
  // Once acted on, the copy is no longer held: show the message's trace instead.
  const after = message.messageId ? `#/messages/${encodeURIComponent(message.messageId)}` : `#/${queue}`;
  show(
    el("h1", {}, `${queueName(queue)}: ${message.messageId || id}`),
    el("div", { class: "next" },
      el("p", { class: "meaning" }, el("strong", {}, message.reason || "dead letter"), ": ", detail.guidance.meaning),
      el("p", {}, "Next step: ", detail.guidance.nextStep)),
    el("div", { class: "actions" },
      detail.guidance.redrive
        ? el("button", { id: "redrive", onclick: () => act(queue, "redrive", { entries: [message.entry] }, what, after) }, "Redrive") : "",
      el("button", { id: "discard", class: "danger", onclick: () => act(queue, "discard", { entries: [message.entry] }, what, after) }, "Discard"),
      message.messageId ? link(`#/messages/${encodeURIComponent(message.messageId)}`, "Trace this message") : ""),
    facts([
      ["Type", message.type], ["Consumer", message.consumer], ["Error", message.error],
      ["Thrown", cause(message)],
      ["Set aside", time(message.enqueuedAt)], ["Sent", time(message.producedAt)],
      ["Deliveries", message.deliveryCount], ["From", message.origin],
    ]),
    detail.collision ? collision(detail.collision) : "",
    el("h2", {}, `Body (${detail.bodyKind}, ${detail.bodySize})`),
    !detail.guidance.redrive ? el("p", { class: "muted" }, "A redrive cannot apply it as it is.") : "",
    detail.body === undefined || detail.body === null
      ? el("p", { class: "muted" }, "Hidden: only role inbox-payload-reader sees bodies.")
      : el("pre", {}, detail.body),
    el("h2", {}, "Properties"),
    table(["Name", "Value"], Object.entries(detail.properties).map(([name, value]) => [name, String(value)])));
}

/** What a message that reused an applied message's id collided with. */
function collision(found) {
  const what = { add: "added", remove: "removed", replace: "changed", move: "moved", copy: "copied" };
  return el("section", { id: "collision" },
    el("h2", {}, "What it collided with"),
    facts([
      ["This body's fingerprint", el("code", {}, found.fingerprint || "not recorded")],
      ["The applied body's", el("code", {}, found.appliedFingerprint || "no row")],
      ["Applied", time(found.appliedAt)],
    ]),
    el("p", { class: "muted" }, found.note),
    found.changes ? table(["Change", "Where", "Now"],
      found.changes.map((change) => [what[change.op] || change.op,
        change.path ? el("code", {}, change.path) : "hidden", change.value ?? (change.path && change.op === "remove" ? "" : "hidden")])) : "",
    found.appliedBody ? el("div", {}, el("h2", {}, "The applied body"), el("pre", {}, found.appliedBody)) : "");
}

async function trace(id, show) {
  const found = await get(`messages?id=${encodeURIComponent(id)}`);
  const held = (queue, messages) => messages.map((message) => [
    message.entry ? link(`#/${queue}/entries/${encodeURIComponent(message.entry)}`, queueName(queue)) : queueName(queue),
    message.reason, message.consumer, message.error, time(message.enqueuedAt)]);
  show(
    el("h1", {}, `Message ${found.messageId}`),
    found.found ? "" : el("p", { class: "next" }, "The inbox knows nothing of this message: no consumer took it, none failed on it, no copy is held. "
      + "Check the id (with its key scope's values, if the inbox keys by tenant), or it may be on its way (a redriven message), "
      + "or retention deleted its rows."),
    el("h2", {}, "Consumers that took it"),
    found.rows.length === 0 ? el("p", { class: "muted" }, "No consumer has a row for it.")
      : table(["Consumer", "Outcome", "Processed", "Deliveries", "Business key", "Result"],
        found.rows.map((row) => [row.consumer, row.outcome, time(row.processedAt), row.deliveryCount, row.businessKey, row.resultReference])),
    el("h2", {}, "Failures"),
    found.failures.length === 0 ? el("p", { class: "muted" }, "No failed attempt.")
      : table(["Consumer", "Attempts", "Kind", "First", "Last", "Last error", "Thrown"],
        found.failures.map((f) => [f.consumer, f.attempts, f.kind, time(f.firstSeen), time(f.lastSeen), f.lastError, cause(f)])),
    el("h2", {}, "Stored for the workers"),
    found.stored.length === 0 ? el("p", { class: "muted" }, "No store-then-process consumer keeps it.")
      : table(["Consumer", "State", "Ordering key", "Number", "Attempts", "Last error", "Taken in", "Next attempt", "Finished"],
        found.stored.map((s) => [s.consumer, s.state, s.orderingKey, s.sequence, s.attempts, s.lastError,
          time(s.receivedAt), s.state === "pending" ? time(s.nextAttemptAt) : "", time(s.finishedAt)])),
    el("h2", {}, "Held copies"),
    found.quarantined.length + found.deadLettered.length === 0 ? el("p", { class: "muted" }, "None.")
      : table(["Where", "Why", "Consumer", "Error", "Set aside"],
        [...held("quarantine", found.quarantined), ...held("dead-letters", found.deadLettered)]));
}

/** Parked store-then-process messages: each holds its ordering key until an operator releases it. */
async function parked(query, show) {
  const params = new URLSearchParams(query);
  const number = Number(params.get("page") || 0);
  const messages = await get(`parked?${withPage(params, number)}`);
  const release = (message) => async () => {
    const what = `message ${message.messageId} of consumer ${message.consumer}: its key '${message.orderingKey}'`
      + ` flows again without it (${message.waiting} waiting), and it is never applied`;
    const reason = await confirmAction("Release", what);
    if (!reason) return;
    await send("parked", { id: actionId(), action: "release", consumer: message.consumer, messageId: message.messageId, reason });
  };
  show(el("h1", {}, "Parked"),
    el("p", { class: "muted" }, "A store-then-process message that failed every attempt holds its ordering key: "
      + "the key's later messages wait, other keys flow. Its copy is in the quarantine. Fix the cause, then release it."),
    el("p", {}, `Page ${number + 1}. `,
      number > 0 ? link(`#/parked?${withPage(params, number - 1)}`, "Previous") : "", " ",
      messages.length === 50 ? link(`#/parked?${withPage(params, number + 1)}`, "Next") : ""),
    messages.length === 0 ? el("p", { class: "muted" }, "Nothing is parked.")
      : table(["Message", "Consumer", "Ordering key", "Number", "Waiting behind it", "Attempts", "Last error", "Taken in", ""],
        messages.map((message) => [
          link(`#/messages/${encodeURIComponent(message.messageId)}`, message.messageId),
          message.consumer, message.orderingKey, message.sequence, message.waiting, message.attempts,
          message.lastError, time(message.receivedAt),
          el("button", { class: "release", onclick: release(message) }, "Release"),
        ])));
}

async function audit(show) {
  const actions = await get("actions");
  show(el("h1", {}, "Audit"), table(
    ["When", "Who", "Action", "Queue", "Messages", "Why", "Selection"],
    actions.map((a) => [time(a.requestedAt), a.requestedBy, a.action, a.queue,
      a.completedAt ? a.messages : "not completed", a.reason, a.selection])));
}

let routing = 0;

/** Shows the view the address names. Of two quick navigations, only the last one's view is shown. */
async function route() {
  const mine = ++routing;
  const show = (...nodes) => { if (mine === routing) view.replaceChildren(...nodes); };
  const [path, query] = location.hash.slice(1).split("?");
  const parts = (path || "/").split("/").filter(Boolean).map(decodeURIComponent);
  try {
    if (parts[0] === "messages" && parts[1]) await trace(parts.slice(1).join("/"), show);
    else if ((parts[0] === "quarantine" || parts[0] === "dead-letters") && parts[1] === "entries") await entry(parts[0], parts.slice(2).join("/"), show);
    else if (parts[0] === "quarantine" || parts[0] === "dead-letters") await list(parts[0], query || "", show);
    else if (parts[0] === "parked") await parked(query || "", show);
    else if (parts[0] === "actions") await audit(show);
    else await overview(show);
  } catch (error) {
    show(el("p", { class: "muted" }, error.message));
  }
}

document.getElementById("search").addEventListener("submit", (event) => {
  event.preventDefault();
  say("");
  location.hash = `#/messages/${encodeURIComponent(document.getElementById("message-id").value.trim())}`;
});
window.addEventListener("hashchange", () => { route(); });
route();
