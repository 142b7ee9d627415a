// Drawing what the bot sent as a Discord client does: Discord markdown, mentions, timestamps, embeds and the
// components (v1 action rows; v2 containers, sections, text displays, media galleries, separators).

const esc = (s) => String(s).replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]);

// ctx: {viewer, people: Map id->name, channels: Map id->name, botId, locale, now()}
//
// As Discord reads a line, from left to right: a backslash before a character that is neither a letter, a digit
// nor a space shows that character alone (the backslash hidden, the character no markup: `\*\*b\*\*` reads
// **b**), a code span shows its text as it is, and a mention, channel, timestamp or custom emoji is drawn whole:
// its text (a person's name, which may hold `**` or `[x](url)`) is never read as markup. Each becomes a held
// piece first; the markup rules then run on the rest and cannot reach inside one.
const HELD = /\\([^0-9A-Za-z\s])|`([^`\n]+)`|<@!?(\d+)>|<@&(\d+)>|<#(\d+)>|<t:(-?\d+)(?::([tTdDfFR]))?>|<a?:(\w+):\d+>/g;

function hold(held, html) {
  held.push(html);
  return `\u0000${held.length - 1}\u0000`;
}

function inline(text, ctx) {
  const held = [];
  let s = String(text).replace(HELD, (whole, escaped, code, user, role, channel, ts, f, emoji) => {
    if (escaped !== undefined) return hold(held, esc(escaped));
    if (code !== undefined) return hold(held, `<code>${esc(code)}</code>`);
    if (user !== undefined) {
      const me = user === ctx.viewer ? " me" : "";
      return hold(held, `<span class="mention${me}" data-user="${user}">@${esc(ctx.people.get(user) || "unknown")}</span>`);
    }
    if (role !== undefined) return hold(held, `<span class="mention">@role</span>`);
    if (channel !== undefined) {
      return hold(held, `<span class="mention" data-channel="${channel}">#${esc(ctx.channels.get(channel) || "channel")}</span>`);
    }
    if (ts !== undefined) {
      return hold(held, `<span class="timestamp" data-ts="${+ts}" data-f="${f || "f"}">${esc(stamp(+ts, f || "f", ctx))}</span>`);
    }
    return hold(held, esc(`:${emoji}:`));
  });
  s = esc(s);
  s = s.replace(/\*\*\*(.+?)\*\*\*/g, "<strong><em>$1</em></strong>");
  s = s.replace(/\*\*(.+?)\*\*/g, "<strong>$1</strong>");
  s = s.replace(/__(.+?)__/g, "<u>$1</u>");
  s = s.replace(/(^|[^\w*])\*(?!\s)(.+?)\*(?!\w)/g, "$1<em>$2</em>");
  s = s.replace(/(^|\W)_(?!\s)(.+?)_(?!\w)/g, "$1<em>$2</em>");
  s = s.replace(/[~]{2}(.+?)[~]{2}/g, "<s>$1</s>");
  s = s.replace(/\|\|(.+?)\|\|/g, '<span class="spoiler" tabindex="0">$1</span>');
  s = s.replace(/\[([^\]]+)\]\((https?:[^)\s]+)\)/g, '<a href="$2" target="_blank" rel="noopener">$1</a>');
  return s.replace(/\u0000(\d+)\u0000/g, (_, i) => held[+i]);
}

export function stamp(ts, f, ctx) {
  const d = new Date(ts * 1000);
  const loc = ctx.locale;
  if (f === "R") {
    const diff = ts - ctx.now();
    const rtf = new Intl.RelativeTimeFormat(loc, { numeric: "auto" });
    const a = Math.abs(diff);
    if (a < 60) return rtf.format(Math.round(diff), "second");
    if (a < 3600) return rtf.format(Math.round(diff / 60), "minute");
    if (a < 86400) return rtf.format(Math.round(diff / 3600), "hour");
    return rtf.format(Math.round(diff / 86400), "day");
  }
  const opts = {
    t: { timeStyle: "short" }, T: { timeStyle: "medium" }, d: { dateStyle: "short" }, D: { dateStyle: "long" },
    f: { dateStyle: "long", timeStyle: "short" }, F: { dateStyle: "full", timeStyle: "short" },
  }[f];
  return new Intl.DateTimeFormat(loc, opts).format(d);
}

export function markdown(text, ctx) {
  if (!text) return "";
  const out = [];
  const blocks = String(text).split(/```(?:\w*\n)?([\s\S]*?)```/);
  blocks.forEach((block, i) => {
    if (i % 2 === 1) { out.push(`<pre><code>${esc(block)}</code></pre>`); return; }
    let list = null;
    for (const line of block.split("\n")) {
      let m;
      const item = line.match(/^\s*(?:[-*]|\d+\.)\s+(.*)$/);
      if (item && !/^-#\s/.test(line)) {
        const number = line.match(/^\s*(\d+)\./);
        const tag = number ? "ol" : "ul";
        // Discord numbers an ordered list from its first item's number (a log page starts at move 41, not 1)
        const open = number && number[1] !== "1" ? `<ol start="${Number(number[1])}">` : `<${tag}>`;
        if (!list || list.tag !== tag) { if (list) out.push(`</${list.tag}>`); list = { tag }; out.push(open); }
        out.push(`<li>${inline(item[1], ctx)}</li>`);
        continue;
      }
      if (list) { out.push(`</${list.tag}>`); list = null; }
      if ((m = line.match(/^(#{1,3})\s+(.*)$/))) out.push(`<h${m[1].length + 2} class="md-h${m[1].length}">${inline(m[2], ctx)}</h${m[1].length + 2}>`);
      else if ((m = line.match(/^-#\s+(.*)$/))) out.push(`<div class="subtext">${inline(m[1], ctx)}</div>`);
      else if ((m = line.match(/^>>?>?\s?(.*)$/))) out.push(`<blockquote>${inline(m[1], ctx)}</blockquote>`);
      else if (line.trim() === "") out.push('<div class="blank"></div>');
      else out.push(`<div class="line">${inline(line, ctx)}</div>`);
    }
    if (list) out.push(`</${list.tag}>`);
  });
  return out.join("");
}

function colour(c) {
  return c == null ? null : `#${Number(c).toString(16).padStart(6, "0")}`;
}

function attachmentOf(url, msg) {
  if (!url || !url.startsWith("attachment://")) return null;
  const name = url.slice("attachment://".length);
  return (msg.attachments || []).find((x) => x.filename === name) || null;
}

function mediaUrl(url, msg) {
  if (url && url.startsWith("attachment://")) {
    const a = attachmentOf(url, msg);
    return a ? a.url : "";
  }
  return url || "";
}

// A picture's alt text, as Discord's clients read it out and show it on hover: the component's own description
// (a media gallery item's, a thumbnail's), else the description of the attachment it shows.
function mediaAlt(url, msg, given) {
  if (given) return given;
  const a = attachmentOf(url, msg);
  return (a && a.description) || "";
}

function emoji(e) {
  if (!e) return "";
  return e.id ? `:${esc(e.name || "")}:` : esc(e.name || "");
}

const BUTTON_STYLE = { 1: "primary", 2: "secondary", 3: "success", 4: "danger", 5: "link", 6: "premium" };

function button(b) {
  const label = `${b.emoji ? `<span class="emoji">${emoji(b.emoji)}</span>` : ""}${b.label ? `<span>${esc(b.label)}</span>` : ""}`;
  if (b.style === 5) return `<a class="c-button link" href="${esc(b.url)}" target="_blank" rel="noopener">${label} ↗</a>`;
  return `<button type="button" class="c-button ${BUTTON_STYLE[b.style] || "secondary"}" data-custom-id="${esc(b.custom_id)}"${b.disabled ? " disabled" : ""}>${label}</button>`;
}

function select(s, ctx) {
  const placeholder = s.placeholder || ctx.t("playground.choose");
  let options = "";
  if (s.type === 3) {
    options = (s.options || []).map((o) => `<li class="c-option" role="option" tabindex="-1" data-value="${esc(o.value)}"${o.default ? ' aria-selected="true"' : ""}>
      ${o.emoji ? `<span class="emoji">${emoji(o.emoji)}</span>` : ""}<span class="o-text"><span class="o-label">${esc(o.label)}</span>${o.description ? `<span class="o-desc">${esc(o.description)}</span>` : ""}</span></li>`).join("");
  } else if (s.type === 5 || s.type === 7) {
    options = [...ctx.people].map(([id, name]) => `<li class="c-option" role="option" tabindex="-1" data-value="${id}"><span class="o-label">${esc(name)}</span></li>`).join("");
  } else if (s.type === 8) {
    options = [...ctx.channels].map(([id, name]) => `<li class="c-option" role="option" tabindex="-1" data-value="${id}"><span class="o-label">#${esc(name)}</span></li>`).join("");
  }
  const multi = (s.max_values || 1) > 1;
  return `<div class="c-select${s.disabled ? " disabled" : ""}" data-custom-id="${esc(s.custom_id)}" data-min="${s.min_values ?? 1}" data-max="${s.max_values || 1}">
    <button type="button" class="c-select-head" aria-haspopup="listbox" aria-expanded="false"${s.disabled ? " disabled" : ""}><span>${esc(placeholder)}</span><span class="chev">⌄</span></button>
    <ul class="c-options" role="listbox"${multi ? ' aria-multiselectable="true"' : ""} hidden>${options}${multi ? `<li class="c-done"><button type="button" class="c-button primary c-confirm">✓</button></li>` : ""}</ul></div>`;
}

export function components(list, msg, ctx) {
  return (list || []).map((c) => component(c, msg, ctx)).join("");
}

function component(c, msg, ctx) {
  switch (c.type) {
    case 1: return `<div class="c-row">${(c.components || []).map((x) => component(x, msg, ctx)).join("")}</div>`;
    case 2: return button(c);
    case 3: case 5: case 6: case 7: case 8: return select(c, ctx);
    case 9: return `<div class="c-section"><div class="c-section-body">${components(c.components, msg, ctx)}</div>${c.accessory ? `<div class="c-accessory">${component(c.accessory, msg, ctx)}</div>` : ""}</div>`;
    case 10: return `<div class="c-text">${markdown(c.content, ctx)}</div>`;
    case 11: return `<img class="c-thumb" tabindex="0" alt="${esc(mediaAlt(c.media && c.media.url, msg, c.description))}" src="${esc(mediaUrl(c.media && c.media.url, msg))}">`;
    case 12: {
      const items = c.items || [];
      return `<div class="c-gallery n${Math.min(items.length, 4)}">${items.map((i) => `<img tabindex="0" alt="${esc(mediaAlt(i.media && i.media.url, msg, i.description))}" src="${esc(mediaUrl(i.media && i.media.url, msg))}">`).join("")}</div>`;
    }
    case 13: return `<div class="c-file">📎 ${esc(((c.file && c.file.url) || "").replace("attachment://", ""))}</div>`;
    case 14: return `<div class="c-sep${c.divider === false ? "" : " divider"}${c.spacing === 2 ? " large" : ""}"></div>`;
    case 17: {
      const accent = colour(c.accent_color);
      return `<div class="c-container${c.spoiler ? " spoiler" : ""}"${accent ? ` style="border-left-color:${accent}"` : ""}>${components(c.components, msg, ctx)}</div>`;
    }
    default: return "";
  }
}

function embed(e, msg, ctx) {
  const accent = colour(e.color);
  const fields = (e.fields || []).map((f) => `<div class="e-field${f.inline ? " inline" : ""}"><div class="e-name">${inline(f.name, ctx)}</div><div class="e-value">${markdown(f.value, ctx)}</div></div>`).join("");
  return `<div class="embed"${accent ? ` style="border-left-color:${accent}"` : ""}>
    ${e.author ? `<div class="e-author">${esc(e.author.name)}</div>` : ""}
    ${e.title ? `<div class="e-title">${inline(e.title, ctx)}</div>` : ""}
    ${e.description ? `<div class="e-desc">${markdown(e.description, ctx)}</div>` : ""}
    ${fields ? `<div class="e-fields">${fields}</div>` : ""}
    ${e.image ? `<img class="e-image" tabindex="0" alt="${esc(mediaAlt(e.image.url, msg))}" src="${esc(mediaUrl(e.image.url, msg))}">` : ""}
    ${e.thumbnail ? `<img class="e-thumb" tabindex="0" alt="${esc(mediaAlt(e.thumbnail.url, msg))}" src="${esc(mediaUrl(e.thumbnail.url, msg))}">` : ""}
    ${e.footer ? `<div class="e-footer">${esc(e.footer.text)}</div>` : ""}</div>`;
}

const IS_COMPONENTS_V2 = 1 << 15;

function referenced(msg) {
  const names = new Set();
  const walk = (list) => (list || []).forEach((c) => {
    if (c.media && c.media.url) names.add(c.media.url);
    (c.items || []).forEach((i) => i.media && names.add(i.media.url));
    if (c.file) names.add(c.file.url);
    walk(c.components);
    if (c.accessory) walk([c.accessory]);
  });
  walk(msg.components);
  (msg.embeds || []).forEach((e) => { if (e.image) names.add(e.image.url); if (e.thumbnail) names.add(e.thumbnail.url); });
  return names;
}

export function messageBody(msg, ctx) {
  if (msg.loading) return `<div class="thinking"><span class="dots"><i></i><i></i><i></i></span> ${esc(ctx.t("playground.thinking"))}</div>`;
  const parts = [];
  if (msg.content) parts.push(`<div class="content">${markdown(msg.content, ctx)}</div>`);
  for (const e of msg.embeds || []) parts.push(embed(e, msg, ctx));
  if (msg.flags & IS_COMPONENTS_V2) parts.push(components(msg.components, msg, ctx));
  else {
    const refs = referenced(msg);
    const loose = (msg.attachments || []).filter((a) => !refs.has(`attachment://${a.filename}`) && (a.content_type || "").startsWith("image/"));
    if (loose.length) parts.push(`<div class="c-gallery n${Math.min(loose.length, 4)}">${loose.map((a) => `<img tabindex="0" alt="${esc(a.description || "")}" src="${esc(a.url)}">`).join("")}</div>`);
    parts.push(components(msg.components, msg, ctx));
  }
  return parts.join("");
}
