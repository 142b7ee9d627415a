// The playground's client: one or two panes, each a Discord client for one person (switched in one click),
// live over a websocket; every action is a JSON call that the server turns into a real interaction.
import { messageBody, stamp } from "./render.js";
import { Composer } from "./composer.js";

const state = { world: null, panes: [], ws: null, offset: 0, clicks: [], dismissed: loadDismissed() };
window.playground = state;   // the tests and the benchmark read click timings here

import { api, el, esc } from "./net.js";

// A dismissed private message stays away, also after a reload, as on Discord (the last few hundred ids kept)
function loadDismissed() {
  try { return new Set(JSON.parse(localStorage.getItem("playground.dismissed") || "[]")); } catch (err) { return new Set(); }
}
function dismiss(id) {
  state.dismissed.add(id);
  localStorage.setItem("playground.dismissed", JSON.stringify([...state.dismissed].slice(-300)));
}

function person(id) { return state.world.people.find((p) => p.id === id); }
function tr(locale, key, params = {}) {
  const text = (state.world.texts[locale] || state.world.texts["en-US"])[key] || key;
  return text.replace(/\{(\w+)\}/g, (_, k) => (params[k] ?? `{${k}}`));
}

// --- chrome ----------------------------------------------------------------------------------------------
function chromeLocale() { return state.panes.length ? person(state.panes[0].viewer).locale : "en-US"; }

function drawChrome() {
  const loc = chromeLocale();
  document.documentElement.lang = loc.slice(0, 2);
  document.title = tr(loc, "playground.title");
  for (const node of document.querySelectorAll("body > header [data-text], #offline")) node.textContent = tr(loc, node.dataset.text);
  for (const b of document.querySelectorAll(".skip-btn")) b.textContent = tr(loc, "playground.skip_hours", { hours: b.dataset.skip / 3600 });
  const hours = Math.round(state.offset / 360) / 10;
  document.getElementById("clock").textContent = hours ? tr(loc, "playground.clock", { hours }) : "";
  drawModerator();
}

// The moderator's panel: as a server admin does in a channel's settings, allow or deny the bot a permission there
// (a game in that channel is held while the bot lacks one it needs, and goes on once it is back, without a
// restart). Each box ticked is a permission the bot has in the channel chosen.
function drawModerator() {
  const loc = chromeLocale(), w = state.world;
  const select = document.getElementById("mod-channel");
  const chosen = select.value || w.channels[0].id;
  select.replaceChildren(...w.channels.map((c) => el(`<option value="${c.id}"># ${esc(tr(loc, `playground.channel.${c.name}`))}</option>`)));
  select.value = chosen;
  select.onchange = drawModerator;
  const denied = w.denied[chosen] || [];
  document.getElementById("mod-perms").replaceChildren(...w.bot_permissions.map((name) => {
    const row = el(`<label class="toggle"><input type="checkbox" data-permission="${name}"> <span>${esc(tr(loc, `permission.${name}`))}</span></label>`);
    const box = row.querySelector("input");
    box.checked = !denied.includes(name);
    box.onchange = () => setPermission(chosen, name, box.checked);
    return row;
  }));
}

async function setPermission(channel, permission, allow) {
  try { state.world.denied[channel] = await api("/api/permission", { channel, permission, allow }); }
  catch (err) { state.panes[0].toast(err.message); }
  drawModerator();
}

// Relative times ("in 24 hours") are drawn again from the bot's clock: after Skip time, and as time passes.
function redrawStamps() {
  for (const pane of state.panes) {
    const ctx = pane.ctx();
    for (const n of pane.list.querySelectorAll(".timestamp[data-f=\"R\"]")) n.textContent = stamp(+n.dataset.ts, "R", ctx);
  }
}

function clockMoved(offset) {
  if (offset === state.offset) return;
  state.offset = offset; drawChrome(); redrawStamps();
}

// The picture viewer: a click (or Enter) on a picture shows it at its full size over the page, as Discord
// does; a click anywhere or Escape closes it.
function viewPicture(img) {
  let box = document.getElementById("lightbox");
  if (!box) {
    box = el('<div id="lightbox" class="lightbox" hidden><img alt=""></div>');
    box.addEventListener("click", () => closePicture());
    box.addEventListener("keydown", (e) => { if (e.key === "Escape") { e.preventDefault(); closePicture(); } });
    document.body.append(box);
  }
  const big = box.querySelector("img");
  big.src = img.currentSrc || img.src; big.alt = img.alt;
  box.hidden = false; box.tabIndex = -1; box.focus();
  box.opener = img;
}

function closePicture() {
  const box = document.getElementById("lightbox");
  if (!box || box.hidden) return false;
  box.hidden = true;
  if (box.opener && box.opener.isConnected) box.opener.focus({ preventScroll: true });
  return true;
}

const PICTURES = ".c-gallery img, .c-thumb, .e-image, .e-thumb";
const FOCUSABLE = "button, a[href], [tabindex='0']";

// --- panes -----------------------------------------------------------------------------------------------
class Pane {
  constructor(index, viewer, channel) {
    this.index = index; this.viewer = viewer; this.channel = channel; this.rendered = new Map();
    this.node = el(`<section class="pane" data-pane="${index}">
      <nav class="sidebar"><div class="server-name"></div><div class="who"></div><div class="lang"></div>
        <div class="group chan-title"></div><ul class="channels"></ul><div class="group dm-title"></div><ul class="dms"></ul></nav>
      <div class="chat"><div class="chat-head"></div><ol class="messages"></ol><div class="toast" hidden></div><div class="composer-slot"></div></div></section>`);
    this.list = this.node.querySelector(".messages");
    // keep to the bottom while it is read there, also when a picture arrives and makes a message taller;
    // read higher up, the message at the top of the view stays where it is (``mark``)
    this.stick = true; this.mark = null;
    this.list.addEventListener("scroll", () => {
      this.stick = this.list.scrollHeight - this.list.scrollTop - this.list.clientHeight < 80;
      this.mark = this.stick ? null : this.inView();
    });
    this.list.addEventListener("load", () => { if (this.stick) this.toBottom(); else this.keep(this.mark); }, true);
    this.composer = new Composer(this);
    this.node.querySelector(".composer-slot").append(this.composer.node);
    this.node.addEventListener("click", (e) => this.onClick(e));
    this.node.addEventListener("keydown", (e) => this.onKey(e));
  }

  toBottom() { this.list.scrollTop = this.list.scrollHeight; this.stick = true; this.mark = null; }

  /** The first message in view, and how far below the top of the view it begins. */
  inView() {
    const top = this.list.getBoundingClientRect().top;
    for (const n of this.list.children) {
      const r = n.getBoundingClientRect();
      if (r.bottom > top + 1) return { id: n.dataset.id, offset: r.top - top };
    }
    return null;
  }

  /** Scroll so that the message of ``mark`` (maybe redrawn since) is where it was in the view. */
  keep(mark) {
    const node = mark && this.rendered.get(mark.id);
    if (!node || !node.isConnected) return;
    this.list.scrollTop += node.getBoundingClientRect().top - this.list.getBoundingClientRect().top - mark.offset;
  }

  /** Bring a message into view (``whole``: all of it where it fits, else its beginning; otherwise only if none
   * of it shows). */
  reveal(node, whole) {
    const view = this.list.getBoundingClientRect(); const r = node.getBoundingClientRect();
    if (whole ? r.top >= view.top && r.bottom <= view.bottom : r.bottom > view.top && r.top < view.bottom) return;
    node.scrollIntoView({ block: r.height > view.height || r.top < view.top ? "start" : "end" });
  }

  remember() {
    this.stick = this.list.scrollHeight - this.list.scrollTop - this.list.clientHeight < 80;
    this.mark = this.stick ? null : this.inView();
  }

  clear() { this.rendered.clear(); this.list.innerHTML = ""; this.stick = true; this.mark = null; }

  get locale() { return person(this.viewer).locale; }
  t(key, params) { return tr(this.locale, key, params); }
  ctx() {
    const w = state.world;
    return {
      viewer: this.viewer, locale: this.locale, t: (k, p) => this.t(k, p), now: () => Date.now() / 1000 + state.offset,
      people: new Map(w.people.map((p) => [p.id, p.name]).concat([[w.bot.id, w.bot.name]])),
      channels: new Map(w.channels.map((c) => [c.id, this.t(`playground.channel.${c.name}`)]).concat(w.threads.map((t) => [t.id, t.name]))),
    };
  }
  channelName(id) {
    const c = state.world.channels.find((x) => x.id === id);
    const thread = state.world.threads.find((x) => x.id === id);
    if (thread) return `🧵 ${thread.name}`;
    return c ? `# ${this.t(`playground.channel.${c.name}`)}` : `@ ${state.world.bot.name}`;
  }

  // the server's channels, each with its threads under it (a /find table plays in one)
  drawChannels() {
    const w = state.world;
    const chan = (id, kind, label, extra = "", title = "") => `<li><button type="button" class="chan${extra}${id === this.channel ? " active" : ""}" data-channel="${esc(kind)}" data-id="${id}"${title ? ` title="${esc(title)}"` : ""}>${label}</button></li>`;
    this.node.querySelector(".channels").innerHTML = w.channels.map((c) => chan(c.id, c.name, `# ${esc(this.t(`playground.channel.${c.name}`))}`) +
      w.threads.filter((t) => t.parent === c.id).map((t) => chan(t.id, "thread", `🧵 ${esc(t.name)}`, " thread", t.name)).join("")).join("");
    this.node.querySelector(".chat-head").textContent = this.channelName(this.channel);
  }

  goTo(channel) {
    if (channel === this.channel) return;
    this.channel = channel; this.clear(); this.composer.reset(); redrawAll(); subscribe();
  }

  drawSidebar() {
    const w = state.world; const me = person(this.viewer);
    const n = this.node;
    n.querySelector(".server-name").textContent = this.t("playground.server");
    n.querySelector(".who").innerHTML = `<span class="who-label">${esc(this.t("playground.you_are"))}</span>` +
      w.people.map((p) => `<button type="button" class="person${p.id === this.viewer ? " active" : ""}" data-person="${esc(p.name)}" data-id="${p.id}" title="${esc(p.name)}"><span class="avatar a${w.people.indexOf(p)}">${esc(p.name[0])}</span><span class="pname">${esc(p.name)}</span></button>`).join("");
    n.querySelector(".lang").innerHTML = `<label>${esc(this.t("playground.language"))} <select class="locale">${w.locales.map((l) => `<option value="${l}"${l === me.locale ? " selected" : ""}>${{ "en-US": "English", de: "Deutsch", fr: "Français", ko: "한국어" }[l]}</option>`).join("")}</select></label>`;
    n.querySelector(".chan-title").textContent = this.t("playground.text_channels");
    n.querySelector(".dm-title").textContent = this.t("playground.direct_messages");
    this.drawChannels();
    n.querySelector(".dms").innerHTML = `<li><button type="button" class="chan${me.dm === this.channel ? " active" : ""}" data-channel="dm" data-id="${me.dm}"><span class="avatar bot">🎲</span> ${esc(w.bot.name)}</button></li>`;
    n.querySelector(".locale").onchange = (e) => this.setLocale(e.target.value);
    this.composer.draw();
  }

  async setLocale(locale) {
    await api("/api/locale", { user: this.viewer, locale });
    person(this.viewer).locale = locale;
    redrawAll();
  }

  switchTo(viewer, channel) {
    const p = person(viewer);
    if (this.channel === person(this.viewer).dm) channel = channel || p.dm;   // from a DM to the other's DM
    this.viewer = viewer; this.channel = channel || this.channel;
    this.clear();
    this.composer.reset();
    redrawAll(); subscribe();
  }

  onClick(e) {
    const picture = e.target.closest(PICTURES);
    if (picture && this.node.contains(picture)) { viewPicture(picture); return; }
    const t = e.target.closest("button, .c-option, .spoiler, .mention[data-channel]");
    if (!t || !this.node.contains(t)) return;
    if (t.classList.contains("person")) return this.switchTo(t.dataset.id);
    if (t.classList.contains("chan")) return this.goTo(t.dataset.id);
    if (t.classList.contains("mention")) { if (this.ctx().channels.has(t.dataset.channel)) this.goTo(t.dataset.channel); return; }
    if (t.classList.contains("spoiler")) { t.classList.add("shown"); return; }
    const message = t.closest(".message");
    if (!message) return;
    if (t.classList.contains("dismiss")) { this.dismiss(message); return; }
    if (t.classList.contains("c-button") && t.dataset.customId && !t.classList.contains("c-confirm")) {
      return this.act("/api/click", { message: message.dataset.id, custom_id: t.dataset.customId }, t);
    }
    const sel = t.closest(".c-select");
    if (!sel) return;
    const list = sel.querySelector(".c-options");
    if (t.classList.contains("c-select-head")) return this.openList(sel, list.hidden);
    const max = +sel.dataset.max;
    if (t.classList.contains("c-option")) {
      if (max <= 1) { this.openList(sel, false); return this.act("/api/select", { message: message.dataset.id, custom_id: sel.dataset.customId, values: [t.dataset.value] }, sel); }
      const chosen = list.querySelectorAll('.c-option[aria-selected="true"]').length;
      if (t.getAttribute("aria-selected") === "true") t.removeAttribute("aria-selected");
      else if (chosen < max) t.setAttribute("aria-selected", "true");
      return;
    }
    if (t.classList.contains("c-confirm")) {
      const values = [...list.querySelectorAll('.c-option[aria-selected="true"]')].map((o) => o.dataset.value);
      this.openList(sel, false);
      return this.act("/api/select", { message: message.dataset.id, custom_id: sel.dataset.customId, values }, sel);
    }
  }

  /** Dismiss hides one private message for good: the page no longer draws it (and draws the later ones). */
  dismiss(message) {
    dismiss(message.dataset.id);
    this.rendered.delete(message.dataset.id);
    message.remove();
  }

  /** Open (or close) a select's list; an opened one is scrolled into view (at phone width it opened below the
   * fold with one option showing) and takes the keyboard, its chosen or first option focused. */
  openList(sel, open) {
    const list = sel.querySelector(".c-options");
    const head = sel.querySelector(".c-select-head");
    if (open) for (const other of this.node.querySelectorAll(".c-options:not([hidden])")) if (other !== list) this.openList(other.closest(".c-select"), false);
    if (!open && list.contains(document.activeElement)) head.focus({ preventScroll: true });
    list.hidden = !open;
    head.setAttribute("aria-expanded", String(open));
    if (!open) return;
    list.scrollIntoView({ block: "nearest" });
    const first = list.querySelector('.c-option[aria-selected="true"]') || list.querySelector(".c-option");
    if (first) first.focus({ preventScroll: true });
  }

  /** The keyboard on a select's list, as a listbox: the arrows (and Home/End) move, Enter or Space picks
   * (toggles, in a select of several, whose ✓ is the next Tab), Escape closes; Enter opens a picture. */
  onKey(e) {
    if ((e.key === "Enter" || e.key === " ") && e.target.matches(PICTURES)) { e.preventDefault(); viewPicture(e.target); return; }
    const sel = e.target.closest(".c-select");
    if (!sel || sel.classList.contains("disabled")) return;
    const list = sel.querySelector(".c-options");
    const options = [...list.querySelectorAll(".c-option")];
    const at = options.indexOf(e.target);
    const go = (i) => { const o = options[Math.max(0, Math.min(options.length - 1, i))]; if (o) { o.focus({ preventScroll: true }); o.scrollIntoView({ block: "nearest" }); } };
    if (e.target.classList.contains("c-select-head")) {
      if (e.key === "ArrowDown" || e.key === "ArrowUp") { e.preventDefault(); this.openList(sel, true); }
      else if (e.key === "Escape" && !list.hidden) { e.preventDefault(); this.openList(sel, false); }
      return;
    }
    if (e.key === "Escape") { e.preventDefault(); this.openList(sel, false); return; }
    if (at < 0) return;
    if (e.key === "ArrowDown") { e.preventDefault(); go(at + 1); }
    else if (e.key === "ArrowUp") { e.preventDefault(); go(at - 1); }
    else if (e.key === "Home") { e.preventDefault(); go(0); }
    else if (e.key === "End") { e.preventDefault(); go(options.length - 1); }
    else if (e.key === "Enter" || e.key === " ") { e.preventDefault(); e.target.click(); }
  }

  async act(path, body, node) {
    const started = performance.now();
    node.classList.add("pending");
    const message = node.closest(".message");
    this.waiting = { started, message: message && message.dataset.id, path };
    try {
      await api(path, { user: this.viewer, ...body });
    } catch (err) {
      node.classList.remove("pending");
      this.waiting = null;
      this.toast(this.t("playground.refused", { reason: err.message }));
    }
  }

  toast(text) {
    const n = this.node.querySelector(".toast");
    n.textContent = text; n.hidden = false;
    clearTimeout(this.toastTimer);
    this.toastTimer = setTimeout(() => { n.hidden = true; }, 6000);
  }

  show(messages) {
    const ctx = this.ctx();
    messages = messages.filter((m) => !state.dismissed.has(m.id));
    const keep = new Set(messages.map((m) => m.id));
    const refocus = this.focusPlace();
    for (const [id, node] of this.rendered) if (!keep.has(id)) { node.remove(); this.rendered.delete(id); }
    let previous = null; const redrawn = new Set(); const added = [];
    for (const m of messages) {
      let node = this.rendered.get(m.id);
      if (!node || node.dataset.version !== String(m.version) || node.dataset.locale !== this.locale) {
        const fresh = this.drawMessage(m, ctx);
        if (node) { node.replaceWith(fresh); redrawn.add(m.id); } else { if (previous) previous.after(fresh); else this.list.prepend(fresh); added.push(fresh); }
        node = fresh; this.rendered.set(m.id, node);
      }
      previous = node;
    }
    const changed = redrawn.size > 0 || added.length > 0;
    const answered = changed ? this.waiting : null;
    if (answered) {
      state.clicks.push({ ms: performance.now() - answered.started, path: answered.path });
      this.waiting = null;
      // answered: by a redraw of the clicked message, or by a new (private) message while it stays as it was
      for (const n of this.list.querySelectorAll(".pending")) n.classList.remove("pending");
    }
    if (changed) this.place(answered, redrawn, added);
    if (refocus && redrawn.has(refocus.id)) {
      const all = this.rendered.get(refocus.id).querySelectorAll(FOCUSABLE);
      const again = all[Math.min(refocus.index, all.length - 1)];
      if (again) again.focus({ preventScroll: true });
    }
    this.revision = (this.revision || 0) + 1;
    this.node.dataset.revision = String(this.revision);
  }

  /** Where the view goes after a change. One's own command goes to the bottom, as does anything while the
   * list is read at its bottom; read higher up, the view stays where it was (a redraw above used to throw it to
   * the bottom), and the answer to one's click is brought into view: the clicked message redrawn in place, or
   * else the new (private) message. */
  place(answered, redrawn, added) {
    if (answered && answered.path === "/api/command") { this.toBottom(); return; }
    const clicked = answered && redrawn.has(answered.message) ? this.rendered.get(answered.message) : null;
    if (this.stick) {
      this.toBottom();
      if (clicked) this.reveal(clicked, false);
    } else {
      this.keep(this.mark);
      if (clicked) this.reveal(clicked, false);
      else if (answered && added.length) this.reveal(added[added.length - 1], true);
    }
    this.remember();
  }

  /** Where the keyboard is in this pane's messages (a message and the how-manieth control), to be given back
   * after that message is redrawn: a pick made with the keyboard leaves it on the same select. */
  focusPlace() {
    const active = document.activeElement;
    const message = active && this.list.contains(active) ? active.closest(".message") : null;
    if (!message) return null;
    const select = active.closest(".c-select");
    const ref = select ? select.querySelector(".c-select-head") : active;
    return { id: message.dataset.id, index: Math.max(0, [...message.querySelectorAll(FOCUSABLE)].indexOf(ref)) };
  }

  drawMessage(m, ctx) {
    const author = m.author || {};
    const isBot = author.bot;
    const name = isBot ? state.world.bot.name : (person(author.id) || {}).name || author.global_name || author.username;
    const when = stamp(Date.parse(m.timestamp) / 1000, "t", ctx);
    const used = m.interaction_metadata || m.interaction;
    const usedBy = used && used.user ? (person(used.user.id) || {}).name || used.user.username : null;
    const pinged = (m.pinged || []).includes(this.viewer);
    const node = el(`<li class="message${pinged ? " pinged" : ""}${m.ephemeral ? " ephemeral" : ""}" data-id="${m.id}" data-version="${m.version}" data-locale="${this.locale}">
      ${usedBy && used.name ? `<div class="used"><span class="curve"></span><b>${esc(usedBy)}</b> /${esc(used.name)}</div>` : ""}
      <div class="avatar ${isBot ? "bot" : `a${state.world.people.findIndex((p) => p.id === author.id)}`}">${isBot ? "🎲" : esc((name || "?")[0])}</div>
      <div class="body"><div class="meta"><span class="author">${esc(name)}</span>${isBot ? `<span class="app-tag">${esc(ctx.t("playground.app_tag"))}</span>` : ""}
        <span class="time">${esc(when)}</span>${m.silent ? `<span class="silent" title="${esc(ctx.t("playground.silent"))}">🔕 ${esc(ctx.t("playground.silent"))}</span>` : ""}</div>
        ${messageBody(m, ctx)}
        ${m.edited_timestamp && !m.ephemeral ? `<span class="edited">${esc(ctx.t("playground.edited"))}</span>` : ""}
        ${m.ephemeral ? `<div class="eph">👁 ${esc(ctx.t("playground.only_you"))} · <button type="button" class="dismiss">${esc(ctx.t("playground.dismiss"))}</button></div>` : ""}
      </div></li>`);
    return node;
  }
}

function redrawAll() {
  drawChrome();
  for (const pane of state.panes) { pane.drawSidebar(); pane.rendered.forEach((n) => { n.dataset.locale = ""; }); }
  subscribe();
}

function layout() {
  const root = document.getElementById("panes");
  root.innerHTML = "";
  root.className = state.panes.length > 1 ? "two" : "one";
  for (const pane of state.panes) { root.append(pane.node); pane.drawSidebar(); }
  drawChrome();
}

function subscribe() {
  if (state.ws && state.ws.readyState === 1) {
    state.ws.send(JSON.stringify({ panes: state.panes.map((p) => ({ channel: p.channel, viewer: p.viewer })) }));
  }
}

function connect() {
  const ws = new WebSocket(`${location.protocol === "https:" ? "wss" : "ws"}://${location.host}/ws`);
  state.ws = ws;
  ws.onopen = () => { document.getElementById("offline").hidden = true; subscribe(); };
  ws.onmessage = (e) => {
    const data = JSON.parse(e.data);
    if (data.type === "threads") { state.world.threads = data.threads; for (const pane of state.panes) pane.drawChannels(); return; }
    if (data.type !== "pane") return;
    clockMoved(data.clock_offset);
    for (const pane of state.panes) if (pane.channel === data.channel && pane.viewer === data.viewer) pane.show(data.messages);
    document.body.dataset.ready = "1";
  };
  ws.onclose = () => { document.getElementById("offline").hidden = false; setTimeout(connect, 1000); };
}

async function main() {
  state.world = await api("/api/world");
  state.offset = state.world.clock_offset;
  const w = state.world;
  const saved = JSON.parse(localStorage.getItem("playground.panes") || "null");
  const valid = (p) => p && person(p.viewer) && (w.channels.concat(w.threads).some((c) => c.id === p.channel) || w.people.some((x) => x.dm === p.channel));
  const first = saved && valid(saved[0]) ? saved[0] : { viewer: w.people[0].id, channel: w.channels[0].id };
  state.panes = [new Pane(0, first.viewer, first.channel)];
  const box = document.getElementById("side-by-side");
  const setSplit = (on) => {
    if (on && state.panes.length === 1) {
      const other = saved && valid(saved[1]) ? saved[1] : { viewer: w.people.find((p) => p.id !== state.panes[0].viewer).id, channel: state.panes[0].channel };
      state.panes.push(new Pane(1, other.viewer, other.channel));
    } else if (!on) state.panes = state.panes.slice(0, 1);
    box.checked = on; layout(); subscribe();
  };
  box.onchange = () => setSplit(box.checked);
  for (const b of document.querySelectorAll(".skip-btn")) {
    b.onclick = async () => {
      try { clockMoved(await api("/api/skip", { seconds: +b.dataset.skip })); } catch (err) { state.panes[0].toast(err.message); }
    };
  }
  window.addEventListener("beforeunload", () => localStorage.setItem("playground.panes", JSON.stringify(state.panes.map((p) => ({ viewer: p.viewer, channel: p.channel })))));
  const params = new URLSearchParams(location.search);
  layout();
  if (params.get("split") === "1" || (saved && saved.length > 1 && params.get("split") !== "0")) setSplit(true);
  connect();
  setInterval(redrawStamps, 30000);
}

main();
