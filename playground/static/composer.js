// The message bar with Discord's slash-command picker: "/" lists every command the person may run here (in
// their language), picking one shows its options (choices, numbers, people, channels, autocomplete), and
// Send runs it as an APPLICATION_COMMAND.
import { api, el, esc } from "./net.js";

const SUB = 1, GROUP = 2, STRING = 3, INTEGER = 4, BOOLEAN = 5, USER = 6, CHANNEL = 7, NUMBER = 10;

function local(item, field, locale) {
  const l = item[`${field}_localizations`] || {};
  return l[locale] || l[locale.slice(0, 2)] || item[field];
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
    this.node = el(`<div class="composer"><ul class="cmd-popup" hidden></ul><div class="cmd-form" hidden></div>
      <div class="bar"><input class="cmd-input" autocomplete="off" spellcheck="false"><button type="button" class="send"></button></div></div>`);
    this.input = this.node.querySelector(".cmd-input");
    this.popup = this.node.querySelector(".cmd-popup");
    this.form = this.node.querySelector(".cmd-form");
    this.input.addEventListener("input", () => this.filter());
    this.input.addEventListener("focus", () => this.filter());
    this.input.addEventListener("keydown", (e) => {
      if (e.key === "Enter") { e.preventDefault(); if (this.chosen) this.send(); else { const first = this.popup.querySelector(".cmd-item"); if (first) first.click(); } }
      if (e.key === "Escape") this.reset();
    });
    this.node.querySelector(".send").addEventListener("click", () => this.send());
    this.popup.addEventListener("click", (e) => {
      const item = e.target.closest(".cmd-item");
      if (item) this.choose(item.dataset.path);
    });
    this.form.addEventListener("click", (e) => {
      const item = e.target.closest(".ac-item");
      if (!item) return;
      const opt = item.closest(".opt");
      const input = opt.querySelector("input");
      input.value = item.dataset.name; input.dataset.value = item.dataset.value;
      opt.querySelector(".ac-list").hidden = true;
    });
    this.commands = null; this.chosen = null;
  }

  t(key, params) { return this.pane.t(key, params); }

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
    const words = text.slice(1).toLowerCase().split(/\s+/).filter(Boolean);
    const found = (await this.load()).filter((c) => words.every((w) => c.shown.toLowerCase().includes(w) || c.path.includes(w)));
    this.popup.innerHTML = found.length
      ? found.map((c) => `<li class="cmd-item" data-path="${esc(c.path)}"><span class="cmd-name">${esc(c.shown)}</span><span class="cmd-desc">${esc(c.description)}</span></li>`).join("")
      : `<li class="cmd-none">${esc(this.t("playground.no_commands"))}</li>`;
    this.popup.hidden = false;
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
      return `<input name="${name}" type="${type}"${bounds} autocomplete="off">${o.autocomplete ? '<ul class="ac-list" hidden></ul>' : ""}`;
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
      list.innerHTML = choices.map((c) => `<li class="ac-item" data-value="${esc(c.value)}" data-name="${esc(c.name)}">${esc(c.name)}</li>`).join("");
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
