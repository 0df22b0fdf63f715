/**
 * Stand-ins for the embedded third-party pages (events wall, contact form, market image
 * board, shared-drive documents). Plainly marked as samples.
 */

/** @import { ServerResponse } from "node:http" */
/** @import { Route, Send } from "./server.mjs" */

/** @param {string} title @param {string} body */
function page(title, body) {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title}</title>
<style>body{font-family:system-ui,sans-serif;margin:0;padding:1.5rem;background:#fff;color:#222}
h1{font-size:1.25rem;margin:0 0 1rem}.note{color:#666;font-size:.85rem;margin-top:1.5rem}
.grid{display:grid;grid-template-columns:repeat(auto-fill,minmax(220px,1fr));gap:1rem}
.item{border:1px solid #ddd;border-radius:6px;padding:1rem}.item b{display:block;margin-bottom:.25rem}
label{display:block;margin:.75rem 0 .25rem;font-weight:600}input,textarea{width:100%;padding:.5rem;border:1px solid #bbb;border-radius:4px;font:inherit}</style>
</head><body>${body}<p class="note">Sample content served by the local stand-in.</p></body></html>`;
}

/** @type {[date: string, name: string, where: string][]} */
const EVENTS = [
  ["Sat, Nov 28", "{town} Winter Market", "Calloway Street Plaza, 9 a.m.-2 p.m."],
  ["Tue, Dec 1", "Town Council Budget Hearing", "Town Hall Chamber, 7 p.m."],
  ["Fri, Dec 4", "Holiday Lights on the Bridge", "Calloway Street Bridge, 6 p.m."],
  ["Sat, Dec 5", "Youth Hockey Tournament", "{town} Ice Arena, all day"],
  ["Sun, Dec 6", "Community Choir Concert", "First Street Church, 4 p.m."],
  ["Wed, Dec 9", "Library Author Talk", "{town} Public Library, 6:30 p.m."],
];

/**
 * The town a wall or a form is for, from the `domain` its address names (an embed address with
 * "{domain}", lib/publication/embeds.ts): the sample publications' towns by their host's first
 * label ("lakeside.test": Lakeside). Any other domain, or none, is Riverbend's, the embedded
 * publication's.
 */
const TOWNS = { riverbend: "Riverbend", lakeside: "Lakeside", hillcountry: "Hill Country" };
/** @param {URL} url */
function townOf(url) {
  const label = /** @type {keyof typeof TOWNS} checked below */ (
    /** @type {string} */ ((url.searchParams.get("domain") ?? "").split(".")[0]).toLowerCase()
  );
  return Object.hasOwn(TOWNS, label) ? TOWNS[label] : TOWNS.riverbend;
}

const MARKET = [
  "Stocks edge higher as bond yields ease",
  "Oil slips on rising inventories",
  "Regional banks report steady deposits",
  "Retail sales beat forecasts in October",
  "Tech shares lead a broad rally",
  "Farm commodity prices hold firm",
];

/** @param {Send} send @param {ServerResponse} res @param {string} title @param {string} body */
function html(send, res, title, body) {
  send(res, 200, page(title, body), "text/html; charset=utf-8");
}

/** @type {Route[]} */
export const embedRoutes = [
  [
    "GET",
    /^\/embed\/events$/,
    (_req, res, { url, send }) => {
      const town = townOf(url);
      const item = (/** @type {(typeof EVENTS)[number]} */ [date, name, where]) =>
        `<div class="item"><b>${name.replace("{town}", town)}</b>${date}<br>${where.replace("{town}", town)}</div>`;
      html(
        send,
        res,
        "Events wall",
        `<h1>Upcoming in ${town}</h1><div class="grid">${EVENTS.map(item).join("")}</div>`,
      );
    },
  ],
  [
    "GET",
    /^\/embed\/contact$/,
    (_req, res, { url, send }) =>
      html(
        send,
        res,
        "Contact form",
        `<h1>Send us a message</h1><p>To the newsroom in ${townOf(url)}.</p><form onsubmit="return false"><label for="n">Name</label><input id="n">
<label for="e">E-mail</label><input id="e" type="email"><label for="m">Message</label><textarea id="m" rows="6"></textarea>
<p><button type="submit">Send</button></p></form>`,
      ),
  ],
  [
    "GET",
    /^\/embed\/market-board$/,
    (_req, res, { send }) =>
      html(
        send,
        res,
        "Market image board",
        `<h1>Market News</h1><div class="grid">${MARKET.map(
          (title, i) =>
            `<div class="item"><div style="height:120px;border-radius:4px;background:hsl(${i * 50},45%,40%)"></div><b>${title}</b>Markets desk</div>`,
        ).join("")}</div>`,
      ),
  ],
  [
    "GET",
    /^\/embed\/docs\/([a-z0-9-]+)\/(preview|view)$/,
    (_req, res, { match, send }) =>
      html(
        send,
        res,
        `Document ${match[1]}`,
        `<h1>Shared document: ${match[1]}</h1><p>This stands in for a shared-drive document preview.</p>`,
      ),
  ],
];
