// The message bar with Discord's slash-command picker: "/" lists every command the person may run here (in
// their language), picking one shows its options (choices, numbers, people, channels, autocomplete), and
// Send runs it as an APPLICATION_COMMAND.
import { api, el, esc } from "./net.js";

const SUB = 1, GROUP = 2, STRING = 3, INTEGER = 4, BOOLEAN = 5, USER = 6, CHANNEL = 7, NUMBER = 10;

function local(item, field, locale) {
  const l = item[`${field}_localizations`] || {};
  return l[locale] || l[locale.slice(0, 2)] || item[field];
}

/** Where a command goes in the list for what was typed (lower first), or null if it does not match: the name
 * shown to the person counts before the English path (in French "/rfa pla" is /rfa placer, not /rfa jouer whose
 * path is "rfa play"): exactly the typed name, then names that begin so, then names with a word beginning with
 * each typed word, then names containing each, then commands found by their path only. */
export function rank(command, typed) {
  const words = typed.trim().toLowerCase().split(/\s+/).filter(Boolean);
  const shown = command.shown.slice(1).toLowerCase();
  const joined = words.join(" ");
  if (shown === joined || command.path === joined) return 0;
  if (shown.startsWith(joined)) return 1;
  const parts = shown.split(/\s+/);
  if (words.every((w) => parts.some((p) => p.startsWith(w)))) return 2;
  if (words.every((w) => shown.includes(w))) return 3;
  if (words.every((w) => shown.includes(w) || command.path.includes(w))) return 4;
  return null;
}

/** The commands matching what was typed, best first; ties keep the small general commands (/help first, where a
 * newcomer starts) above the games' long groups, and the bot's order within each. */
export function ranked(commands, typed) {
  const size = new Map();
  for (const c of commands) { const top = c.path.split(" ")[0]; size.set(top, (size.get(top) || 0) + 1); }
  const key = (c) => [c.path === "help" ? 0 : 1, size.get(c.path.split(" ")[0])];
  return commands.map((c, i) => ({ c, i, r: rank(c, typed) })).filter((x) => x.r !== null)
    .sort((a, b) => a.r - b.r || key(a.c)[0] - key(b.c)[0] || key(a.c)[1] - key(b.c)[1] || a.i - b.i).map((x) => x.c);
}

/** Move the highlight of a list (``.active`` on one of ``items``) by ``step``, wrapping; returns the item. */
function highlight(items, step) {
  const list = [...items];
  if (!list.length) return null;
  const at = list.findIndex((n) => n.classList.contains("active"));
  const next = list[at < 0 ? (step > 0 ? 0 : list.length - 1) : (at + step + list.length) % list.length];
  for (const n of list) { n.classList.toggle("active", n === next); n.setAttribute("aria-selected", String(n === next)); }
  next.scrollIntoView({ block: "nearest" });
  return next;
}

// Every runnable leaf: {path: "rp dice take", shown: "/rp dice nehmen", description, options}
function leaves(commands, locale) {
  const out = [];
  const walk = (node, path, shown) => {
    const subs = (node.options || []).filter((o) => o.type === SUB || o.type === GROUP);
    if (!subs.length) {
      out.push({ path: path.join(" "), shown: `/${shown.join(" ")}`, description: local(node, "description", locale), options: node.options || [] });
      return;
    }
    for (const s of subs) walk(s, [...path, s.name], [...shown, local(s, "name", locale)]);
  };
  for (const c of commands) walk(c, [c.name], [local(c, "name", locale)]);
  return out;
}

export class Composer {
  constructor(pane) {
    this.pane = pane;
    this.node = el(`<div class="composer"><ul class="cmd-popup" role="listbox" hidden></ul><div class="cmd-form" hidden></div>
      <div class="bar"><input class="cmd-input" autocomplete="off" spellcheck="false"><button type="button" class="send"></button></div></div>`);
    this.input = this.node.querySelector(".cmd-input");
    this.popup = this.node.querySelector(".cmd-popup");
    this.form = this.node.querySelector(".cmd-form");
    this.input.addEventListener("input", () => this.filter());
    this.input.addEventListener("focus", () => this.filter());
    // the keyboard in the list of commands: the arrows move the highlight, Enter takes it (the first if none)
    this.input.addEventListener("keydown", (e) => {
      const open = !this.chosen && !this.popup.hidden;
      if (open && (e.key === "ArrowDown" || e.key === "ArrowUp")) { e.preventDefault(); highlight(this.popup.querySelectorAll(".cmd-item"), e.key === "ArrowDown" ? 1 : -1); return; }
      if (e.key === "Enter") { e.preventDefault(); if (this.chosen) this.send(); else this.takeHighlighted(); }
      if (e.key === "Escape") this.reset();
    });
    this.node.querySelector(".send").addEventListener("click", () => this.send());
    this.popup.addEventListener("click", (e) => {
      const item = e.target.closest(".cmd-item");
      if (item) this.choose(item.dataset.path);
    });
    this.popup.addEventListener("mousemove", (e) => {
      const item = e.target.closest(".cmd-item");
      if (item && !item.classList.contains("active")) for (const n of this.popup.querySelectorAll(".cmd-item")) n.classList.toggle("active", n === item);
    });
    this.form.addEventListener("click", (e) => {
      const item = e.target.closest(".ac-item");
      if (item) this.take(item);
    });
    // the keyboard in an option: the arrows move in its autocomplete, Enter takes the highlighted choice or,
    // with none, sends the command (as Discord's client does); Escape closes the choices
    this.form.addEventListener("keydown", (e) => {
      const opt = e.target.closest(".opt");
      if (!opt || e.target.tagName !== "INPUT") return;
      const list = opt.querySelector(".ac-list");
      const open = list && !list.hidden;
      if (open && (e.key === "ArrowDown" || e.key === "ArrowUp")) { e.preventDefault(); highlight(list.querySelectorAll(".ac-item"), e.key === "ArrowDown" ? 1 : -1); return; }
      if (e.key === "Escape" && open) { e.preventDefault(); list.hidden = true; return; }
      if (e.key !== "Enter") return;
      e.preventDefault();
      const item = open && list.querySelector(".ac-item.active");
      if (item) this.take(item); else this.send();
    });
    this.commands = null; this.chosen = null;
  }

  t(key, params) { return this.pane.t(key, params); }

  /** Enter in the list: the highlighted command, or the first; typed faster than the list was drawn, the list
   * for what is typed now (not the one still drawn for less). */
  async takeHighlighted() {
    if (this.popup.hidden || this.popup.dataset.text !== this.input.value) await this.filter();
    if (this.chosen || this.popup.hidden || this.popup.dataset.text !== this.input.value) return;
    const item = this.popup.querySelector(".cmd-item.active") || this.popup.querySelector(".cmd-item");
    if (item) item.click();
  }

  /** An autocomplete choice taken: its name shown, its value sent. */
  take(item) {
    const opt = item.closest(".opt");
    const input = opt.querySelector("input");
    input.value = item.dataset.name; input.dataset.value = item.dataset.value;
    opt.querySelector(".ac-list").hidden = true;
  }

  draw() {
    this.input.placeholder = this.t("playground.composer");
    this.node.querySelector(".send").textContent = this.t("playground.send");
    this.commands = null;
    if (this.chosen) this.choose(this.chosen.path, true);
  }

  reset() {
    this.chosen = null; this.input.value = ""; this.input.readOnly = false;
    this.popup.hidden = true; this.form.hidden = true; this.form.innerHTML = "";
    this.commands = null;
  }

  async load() {
    const key = `${this.pane.viewer}/${this.pane.channel}/${this.pane.locale}`;
    if (!this.commands || this.commandsKey !== key) {
      const list = await api(`/api/commands?user=${this.pane.viewer}&channel=${this.pane.channel}`);
      this.commands = leaves(list, this.pane.locale); this.commandsKey = key;
    }
    return this.commands;
  }

  async filter() {
    if (this.chosen) return;
    const text = this.input.value;
    if (!text.startsWith("/")) { this.popup.hidden = true; return; }
    const found = ranked(await this.load(), text.slice(1));
    if (this.chosen || this.input.value !== text) return;      // typed on (or picked) meanwhile: a later call draws
    this.popup.innerHTML = found.length
      ? found.map((c, i) => `<li class="cmd-item${i ? "" : " active"}" role="option" aria-selected="${!i}" data-path="${esc(c.path)}"><span class="cmd-name">${esc(c.shown)}</span><span class="cmd-desc">${esc(c.description)}</span></li>`).join("")
      : `<li class="cmd-none">${esc(this.t("playground.no_commands"))}</li>`;
    this.popup.hidden = false; this.popup.dataset.text = text;
  }

  async choose(path, keepValues = false) {
    const cmd = (await this.load()).find((c) => c.path === path);
    if (!cmd) return this.reset();
    const old = keepValues ? this.values(true) : {};
    this.chosen = cmd;
    this.popup.hidden = true;
    this.input.value = cmd.shown; this.input.readOnly = true;
    const locale = this.pane.locale;
    const w = window.playground.world;
    const field = (o) => {
      const name = esc(o.name);
      if (o.choices && o.choices.length) {
        return `<select name="${name}">${o.required ? "" : '<option value=""></option>'}${o.choices.map((c) => `<option value="${esc(JSON.stringify(c.value))}">${esc(local(c, "name", locale))}</option>`).join("")}</select>`;
      }
      if (o.type === BOOLEAN) return `<select name="${name}">${o.required ? "" : '<option value=""></option>'}<option value="true">${esc(this.t("playground.yes"))}</option><option value="false">${esc(this.t("playground.no"))}</option></select>`;
      if (o.type === USER) return `<select name="${name}"><option value="">${esc(this.t("playground.choose_person"))}</option>${w.people.map((p) => `<option value="${p.id}">${esc(p.name)}</option>`).join("")}</select>`;
      if (o.type === CHANNEL) return `<select name="${name}"><option value="">${esc(this.t("playground.choose_channel"))}</option>${w.channels.map((c) => `<option value="${c.id}"># ${esc(this.t(`playground.channel.${c.name}`))}</option>`).join("")}</select>`;
      const type = o.type === INTEGER || o.type === NUMBER ? "number" : "text";
      const bounds = `${o.min_value != null ? ` min="${o.min_value}"` : ""}${o.max_value != null ? ` max="${o.max_value}"` : ""}`;
      return `<input name="${name}" type="${type}"${bounds} autocomplete="off">${o.autocomplete ? '<ul class="ac-list" role="listbox" hidden></ul>' : ""}`;
    };
    this.form.innerHTML = cmd.options.map((o) => `<div class="opt" data-option="${esc(o.name)}" data-type="${o.type}"${o.autocomplete ? ' data-autocomplete="1"' : ""}>
      <label><span class="opt-name">${esc(local(o, "name", locale))}</span>${o.required ? "" : `<span class="opt-optional">${esc(this.t("playground.optional"))}</span>`}</label>
      ${field(o)}<div class="opt-desc">${esc(local(o, "description", locale))}</div></div>`).join("");
    this.form.hidden = !cmd.options.length;
    for (const opt of this.form.querySelectorAll(".opt[data-autocomplete]")) {
      const input = opt.querySelector("input");
      const ask = () => this.autocomplete(opt);
      input.addEventListener("focus", ask);
      input.addEventListener("input", () => { delete input.dataset.value; clearTimeout(this.acTimer); this.acTimer = setTimeout(ask, 120); });
    }
    for (const [name, value] of Object.entries(old)) {
      const input = this.form.querySelector(`[name="${CSS.escape(name)}"]`);
      if (input) input.value = typeof value === "object" ? Object.values(value)[0] : value;
    }
  }

  async autocomplete(opt) {
    const list = opt.querySelector(".ac-list");
    try {
      const choices = await api("/api/autocomplete", {
        user: this.pane.viewer, channel: this.pane.channel, command: this.chosen.path, focused: opt.dataset.option,
        options: { ...this.values(), [opt.dataset.option]: opt.querySelector("input").value },
      });
      list.innerHTML = choices.map((c) => `<li class="ac-item" role="option" data-value="${esc(c.value)}" data-name="${esc(c.name)}">${esc(c.name)}</li>`).join("");
      list.hidden = !choices.length;
    } catch (err) {
      list.hidden = true;
    }
  }

  values(partial = false) {
    const out = {};
    for (const opt of this.form.querySelectorAll(".opt")) {
      const type = +opt.dataset.type;
      const input = opt.querySelector("input, select");
      let raw = input.dataset.value ?? input.value;
      if (raw === "" || raw == null) continue;
      if (input.tagName === "SELECT" && type !== USER && type !== CHANNEL) { out[opt.dataset.option] = JSON.parse(raw); continue; }
      if (type === USER) out[opt.dataset.option] = { user: raw };
      else if (type === CHANNEL) out[opt.dataset.option] = { channel: raw };
      else if (type === INTEGER) out[opt.dataset.option] = partial ? raw : parseInt(raw, 10);
      else if (type === NUMBER) out[opt.dataset.option] = partial ? raw : parseFloat(raw);
      else out[opt.dataset.option] = raw;
    }
    return out;
  }

  /** A number outside its option's range is not sent: Discord's client marks the option and says why. */
  outOfRange() {
    let bad = null;
    for (const opt of this.form.querySelectorAll(".opt")) {
      const input = opt.querySelector('input[type="number"]');
      const hint = opt.querySelector(".opt-error");
      if (hint) hint.remove();
      opt.classList.remove("invalid");
      if (!input || input.value === "") continue;
      const value = Number(input.value);
      const [lo, hi] = [input.min, input.max].map((b) => (b === "" ? null : Number(b)));
      const whole = +opt.dataset.type !== INTEGER || Number.isInteger(value);
      if (Number.isNaN(value) || !whole || (lo !== null && value < lo) || (hi !== null && value > hi)) {
        opt.classList.add("invalid");
        opt.insertAdjacentHTML("beforeend", `<div class="opt-error">${esc(this.t("playground.out_of_range", { min: lo ?? "", max: hi ?? "" }))}</div>`);
        bad = bad || opt;
      }
    }
    return bad;
  }

  async send() {
    if (!this.chosen) return;
    if (this.outOfRange()) return;
    // waited for before the call returns: the bot's answer may come over the websocket first
    this.pane.waiting = { started: performance.now(), message: null, path: "/api/command" };
    try {
      await api("/api/command", { user: this.pane.viewer, channel: this.pane.channel, command: this.chosen.path, options: this.values() });
      this.reset();
    } catch (err) {
      this.pane.waiting = null;
      this.pane.toast(this.t("playground.refused", { reason: err.message }));
    }
  }
}
