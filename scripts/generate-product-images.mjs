#!/usr/bin/env node
// Draws the catalogue's product pictures as small SVG files in public/images/products/.
// The list of files (name, Spanish title, kind of jewel, metal, gem, composition) comes from
// prisma/seed-data.ts, so the seed and the pictures can never disagree. Nothing is downloaded.
//
// Usage: npx tsx scripts/generate-product-images.mjs     (tsx is needed to import the .ts data)
// Writes every file, removes stale .svg files it does not know, and fails if one exceeds 6 KB.
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { imageFiles } from "../prisma/seed-data.ts";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const outDir = path.join(root, "public/images/products");
const MAX_BYTES = 6 * 1024;

// ───────────────────────────── Palettes ─────────────────────────────

/** dark, mid, light, high, white */
const METALS = {
  oro: ["#7a5c2b", "#b8924a", "#d4af6a", "#e3c98f", "#fff4d6"],
  "oro-rosa": ["#8a4e42", "#b9796b", "#d9a08f", "#edc4b5", "#fff1ea"],
  "oro-blanco": ["#80858c", "#aeb2b8", "#c9ccd1", "#e8e9ec", "#ffffff"],
  plata: ["#6e737a", "#a0a4ab", "#c0c3c8", "#dcdee2", "#f8f9fa"],
};

/** dark, mid, light, glint */
const GEMS = {
  diamante: ["#6b7a8c", "#aebccb", "#e6edf4", "#ffffff"],
  esmeralda: ["#03301f", "#0a5e3e", "#1f9a66", "#a4f0cc"],
  rubi: ["#4a0512", "#921027", "#d8324f", "#ffb6c2"],
  zafiro: ["#071646", "#12388e", "#3567cf", "#b8ceff"],
  amatista: ["#32114f", "#62338e", "#9a6acb", "#e6d5f8"],
  onix: ["#020203", "#121214", "#2c2c31", "#8f8f99"],
  perla: ["#cbbba6", "#e9dfd2", "#fbf6ef", "#ffffff"],
};

const DIAMOND = GEMS.diamante;

const BACKGROUNDS = {
  principal: ["#fffdf9", "#f7f0e5", "#ebdfcc"],
  detalle: ["#fbf3e6", "#efe0c8", "#dcc6a3"],
  estuche: ["#f7ebe4", "#ead6cb", "#d6bcae"],
};

/** Velvet of the box or bust (dark, light), chosen per product so the boxes vary a little. */
const VELVETS = [
  ["#141d33", "#2c3b5e"],
  ["#3d1220", "#6a2638"],
  ["#0f2b22", "#245244"],
  ["#1c1a1d", "#3a363c"],
];

// ───────────────────────────── Helpers ─────────────────────────────

const r1 = (n) => Math.round(n * 10) / 10;
const pt = (x, y) => `${r1(x)} ${r1(y)}`;
const rad = (deg) => (deg * Math.PI) / 180;

/** An ellipse as a path, to combine with others under fill-rule evenodd. */
const ell = (cx, cy, rx, ry) =>
  `M${pt(cx - rx, cy)}a${r1(rx)} ${r1(ry)} 0 1 0 ${r1(2 * rx)} 0a${r1(rx)} ${r1(ry)} 0 1 0 ${r1(-2 * rx)} 0Z`;

const stops = (list) =>
  list
    .map(([o, c, op]) => `<stop offset="${o}" stop-color="${c}"${op === undefined ? "" : ` stop-opacity="${op}"`}/>`)
    .join("");

/** Points evenly spaced (by arc length) along a cubic Bézier. */
function bezierPoints([p0, p1, p2, p3], count, { from = 0, to = 1 } = {}) {
  const at = (t) => {
    const u = 1 - t;
    return [0, 1].map((i) => u * u * u * p0[i] + 3 * u * u * t * p1[i] + 3 * u * t * t * p2[i] + t * t * t * p3[i]);
  };
  const samples = [];
  let length = 0;
  let prev = at(0);
  for (let i = 0; i <= 400; i++) {
    const p = at(i / 400);
    length += Math.hypot(p[0] - prev[0], p[1] - prev[1]);
    samples.push([p, length]);
    prev = p;
  }
  const out = [];
  for (let k = 0; k < count; k++) {
    const target = length * (from + ((to - from) * k) / Math.max(1, count - 1));
    out.push((samples.find(([, l]) => l >= target) ?? samples[samples.length - 1])[0]);
  }
  return out;
}

const cubic = ([p0, p1, p2, p3]) => `M${pt(...p0)}C${pt(...p1)} ${pt(...p2)} ${pt(...p3)}`;
const mirror = (seg, cx = 400) => seg.map(([x, y]) => [2 * cx - x, y]).reverse();

// ───────────────────────────── Shared definitions ─────────────────────────────

/** Collects the <defs> one picture needs, each once. */
class Ctx {
  constructor(metal, gem, seed) {
    this.m = METALS[metal];
    this.g = GEMS[gem ?? "diamante"];
    this.gemKey = gem;
    this.seed = seed;
    this.defs = new Map();
  }

  need(id) {
    if (this.defs.has(id)) return `url(#${id})`;
    const [d, mi, l, h, w] = this.m;
    const [gd, gm, gl, gg] = this.g;
    const make = {
      m: () =>
        `<linearGradient id="m" x1="0" y1="0" x2="1" y2="1">${stops([
          [0, h],
          [0.2, w],
          [0.4, l],
          [0.62, d],
          [0.82, l],
          [1, h],
        ])}</linearGradient>`,
      mv: () =>
        `<linearGradient id="mv" x1="0" y1="0" x2="0" y2="1">${stops([
          [0, d],
          [0.25, h],
          [0.4, w],
          [0.55, l],
          [0.85, d],
          [1, mi],
        ])}</linearGradient>`,
      md: () =>
        `<linearGradient id="md" x1="0" y1="0" x2="1" y2="0">${stops([
          [0, d],
          [0.5, mi],
          [1, d],
        ])}</linearGradient>`,
      g: () =>
        `<radialGradient id="g" cx=".38" cy=".32" r=".78">${stops([
          [0, gg],
          [0.25, gl],
          [0.62, gm],
          [1, gd],
        ])}</radialGradient>`,
      gl: () =>
        `<linearGradient id="gl" x1="0" y1="0" x2="1" y2="1">${stops([
          [0, gg],
          [0.45, gl],
          [1, gm],
        ])}</linearGradient>`,
      p: () =>
        `<radialGradient id="p" cx=".38" cy=".34" r=".72">${stops([
          [0, "#fff"],
          [0.3, "#fbf7f1"],
          [0.65, "#ece2d6"],
          [0.86, "#dccbc3"],
          [1, "#bfae98"],
        ])}</radialGradient>`,
      sp: () => `<path id="sp" fill="#fff" d="M0-10 1.4-1.4 10 0 1.4 1.4 0 10-1.4 1.4-10 0-1.4-1.4Z"/>`,
      // Small set stones, radius 10: metal rim and a faceted gem (st: the product's gem, sd: diamond).
      st: () => (this.need("m"), this.need("g"), smallStone("st", "g", gd)),
      sd: () => (this.need("m"), this.need("dg"), smallStone("sd", "dg", DIAMOND[0])),
      dg: () =>
        `<radialGradient id="dg" cx=".38" cy=".32" r=".78">${stops([
          [0, "#fff"],
          [0.25, DIAMOND[2]],
          [0.62, DIAMOND[1]],
          [1, DIAMOND[0]],
        ])}</radialGradient>`,
      dgl: () =>
        `<linearGradient id="dgl" x1="0" y1="0" x2="1" y2="1">${stops([
          [0, "#fff"],
          [0.45, DIAMOND[2]],
          [1, DIAMOND[1]],
        ])}</linearGradient>`,
      rd: () => (this.need("dg"), this.need("dgl"), roundBrilliant("rd", "dg", "dgl", DIAMOND[0])),
      pl: () => (
        this.need("p"),
        `<g id="pl"><circle r="10" fill="url(#p)"/><ellipse cx="-3.5" cy="-4" rx="3" ry="2" fill="#fff" opacity=".8"/></g>`
      ),
      rb: () => (this.need("g"), this.need("gl"), roundBrilliant("rb", "g", "gl", gd)),
      sb: () => (this.need("gl"), this.need("g"), sideBrilliant(gd, gm, gl)),
    }[id];
    if (!make) throw new Error(`Unknown definition #${id}`);
    this.defs.set(id, "");
    this.defs.set(id, make());
    return `url(#${id})`;
  }

  /** `<use>` of a definition, translated, scaled and rotated. */
  use(id, x, y, s = 1, rot = 0, extra = "") {
    this.need(id);
    const t = `translate(${pt(x, y)})${s === 1 ? "" : ` scale(${r1(s * 100) / 100})`}${rot ? ` rotate(${r1(rot)})` : ""}`;
    return `<use href="#${id}" transform="${t}"${extra}/>`;
  }

  sparkle(x, y, s = 1, op = 0.9) {
    return this.use("sp", x, y, s, 0, op === 1 ? "" : ` opacity="${op}"`);
  }
}

/** A small round stone for rows and halos, radius 10: bold facets that still read when tiny. */
function smallStone(id, fill, dark) {
  return `<g id="${id}"><circle r="10" fill="url(#m)"/><circle r="8.2" fill="url(#${fill})"/><path d="M0-8.2 2.3-2.3 8.2 0 2.3 2.3 0 8.2-2.3 2.3-8.2 0-2.3-2.3Z" fill="#fff" opacity=".55"/><path d="M-5.8-5.8 5.8 5.8M5.8-5.8-5.8 5.8" stroke="${dark}" stroke-width=".9" opacity=".55"/><circle r="8.2" fill="none" stroke="${dark}" stroke-width=".8"/></g>`;
}

/** Round brilliant seen from above, radius 100: table, star, kite and girdle facets in light and shade. */
function roundBrilliant(id, fill, tableFill, edge) {
  // Whole units are precise enough at this scale and keep the files small.
  const P = (a, r) => `${Math.round(Math.cos(rad(a)) * r)} ${Math.round(Math.sin(rad(a)) * r)}`;
  const table = Array.from({ length: 8 }, (_, k) => P(22.5 + 45 * k, 56));
  let light = "";
  let dark = "";
  let lines = "";
  for (let k = 0; k < 8; k++) {
    const a = 22.5 + 45 * k;
    // Star facets between the table and the kites, alternately lit.
    const star = `M${P(a, 56)}L${P(a + 22.5, 80)}L${P(a + 45, 56)}Z`;
    if (k % 2) dark += star;
    else light += star;
    lines += `M${P(a, 56)}L${P(a, 100)}M${P(a - 22.5, 100)}L${P(a - 22.5, 80)}`;
  }
  for (let k = 0; k < 16; k++) {
    // Upper girdle facets around the edge.
    const a = 22.5 * k;
    const girdle = `M${P(a, 100)}L${P(a + 11.25, 80)}L${P(a + 22.5, 100)}Z`;
    if (k % 2) light += girdle;
    else dark += girdle;
  }
  return `<g id="${id}"><circle r="100" fill="url(#${fill})"/><path d="${dark}" fill="${edge}" opacity=".42"/><path d="${light}" fill="#fff" opacity=".5"/><path d="M${table.join("L")}Z" fill="url(#${tableFill})" opacity=".85"/><path d="${lines}" stroke="#fff" stroke-opacity=".45" stroke-width="2" fill="none"/><circle r="99" fill="none" stroke="${edge}" stroke-width="3"/></g>`;
}

/** Round brilliant seen from the side, girdle 200 wide at y=0, table at y=-42, culet at y=88. */
function sideBrilliant(dark, mid, light) {
  const G = [-100, -50, 0, 50, 100].map((x) => [x, 0]);
  const T = [-56, -19, 19, 56].map((x) => [x, -42]);
  let up = "";
  let down = "";
  for (let i = 0; i < 4; i++) {
    up += `M${pt(...G[i])}L${pt(...T[i])}L${pt(...G[i + 1])}Z`;
    if (i < 3) down += `M${pt(...T[i])}L${pt(...G[i + 1])}L${pt(...T[i + 1])}Z`;
  }
  let pav = "";
  for (let i = 0; i < 4; i += 2) pav += `M${pt(...G[i])}L0 88L${pt(...G[i + 1])}Z`;
  return `<g id="sb"><path d="M-100 0-56-42H56L100 0 0 88Z" fill="url(#g)"/><path d="${up}" fill="url(#gl)"/><path d="${down}" fill="${mid}" opacity=".55"/><path d="${pav}" fill="${light}" opacity=".55"/><path d="M-100 0H100M-50 0 0 88 50 0" stroke="#fff" stroke-opacity=".6" stroke-width="2" fill="none"/><path d="M-56-42H56" stroke="#fff" stroke-width="3"/><path d="M-100 0-56-42H56L100 0 0 88Z" fill="none" stroke="${dark}" stroke-width="2.5" stroke-linejoin="round"/></g>`;
}

// ───────────────────────────── Stones ─────────────────────────────

const HEART =
  "M0 90C-40 55-100 20-100-30C-100-70-65-95-35-95C-15-95-5-82 0-70C5-82 15-95 35-95C65-95 100-70 100-30C100 20 40 55 0 90Z";
const PEAR = "M0-100C30-62 70-22 70 24A70 70 0 0 1-70 24C-70-22-30-62 0-100Z";

/** A faceted stone in a given outline (path in a ±100 box), at x,y with scale s. */
function shapedStone(c, d, x, y, s, rot = 0) {
  c.need("g");
  c.need("gl");
  const t = `translate(${pt(x, y)}) scale(${r1(s * 100) / 100})${rot ? ` rotate(${rot})` : ""}`;
  return `<g transform="${t}"><path d="${d}" fill="url(#g)" stroke="${c.g[0]}" stroke-width="3"/><path d="${d}" transform="translate(0 8) scale(.52)" fill="url(#gl)" opacity=".85"/><path d="M0 12-62-40M0 12 62-40M0 12 0-96M0 12-55 60M0 12 55 60M0 12 0 88" stroke="#fff" stroke-opacity=".45" stroke-width="2.5"/></g>`;
}

function pearl(c, x, y, rr) {
  c.need("p");
  return `<circle cx="${r1(x)}" cy="${r1(y)}" r="${r1(rr)}" fill="url(#p)"/><ellipse cx="${r1(x - rr * 0.35)}" cy="${r1(y - rr * 0.38)}" rx="${r1(rr * 0.28)}" ry="${r1(rr * 0.18)}" fill="#fff" opacity=".85" transform="rotate(-30 ${pt(x - rr * 0.35, y - rr * 0.38)})"/>`;
}

/** Four or six prongs around a round stone of radius rr. */
function prongs(c, x, y, rr, n = 4, start = 45) {
  c.need("m");
  let out = "";
  for (let k = 0; k < n; k++) {
    const a = rad(start + (360 / n) * k);
    out += `<circle cx="${r1(x + Math.cos(a) * rr * 0.96)}" cy="${r1(y + Math.sin(a) * rr * 0.96)}" r="${r1(rr * 0.13)}" fill="url(#m)" stroke="${c.m[0]}" stroke-width="1"/>`;
  }
  return out;
}

// ───────────────────────────── Rings ─────────────────────────────
// A ring standing up, turned a little: front face, the inner wall on the left of the hole
// and the outer wall on the right give it depth.

function band(c, { cx = 390, cy = 505, rx = 150, ry = 172, t = 22, depth = 32, pattern = "" } = {}) {
  const dx = depth;
  const dy = -5;
  const irx = rx - t;
  const iry = ry - t * 0.92;
  c.need("m");
  c.need("md");
  const clip = `<clipPath id="h"><path d="${ell(cx, cy, irx, iry)}"/></clipPath>`;
  c.defs.set("h", clip);
  return [
    `<path d="${ell(cx, cy, rx, ry)}${ell(cx + dx, cy + dy, rx, ry)}" fill-rule="evenodd" fill="url(#md)"/>`,
    `<path clip-path="url(#h)" d="${ell(cx, cy, irx, iry)}${ell(cx + dx, cy + dy, irx, iry)}" fill-rule="evenodd" fill="${c.m[1]}"/>`,
    `<path d="${ell(cx, cy, rx, ry)}${ell(cx, cy, irx, iry)}" fill-rule="evenodd" fill="url(#m)"/>`,
    pattern,
    `<path d="M${pt(cx - rx * 0.88, cy + ry * 0.38)}A${rx} ${ry} 0 0 1 ${pt(cx - rx * 0.35, cy - ry * 0.92)}" stroke="#fff" stroke-width="${r1(t * 0.22)}" stroke-linecap="round" fill="none" opacity=".75"/>`,
    `<path d="M${pt(cx + rx + dx * 0.55, cy - ry * 0.1)}A${rx} ${ry} 0 0 1 ${pt(cx + rx * 0.7 + dx * 0.5, cy + ry * 0.75)}" stroke="${c.m[4]}" stroke-width="3" stroke-linecap="round" fill="none" opacity=".6"/>`,
  ].join("");
}

const RING = { cx: 390, cy: 505, rx: 150, ry: 172 };
const headY = RING.cy - RING.ry;

/** Cathedral shoulders rising from the top of the band to hold a stone whose girdle is at y. */
function basket(c, x, y, w) {
  c.need("m");
  const l = [RING.cx - 72, headY + 26];
  const r = [RING.cx + 92, headY + 26];
  return `<path d="M${pt(...l)}C${pt(x - w * 0.9, headY + 4)} ${pt(x - w * 0.62, y + w * 0.55)} ${pt(x - w * 0.5, y + w * 0.1)}L${pt(x + w * 0.5, y + w * 0.1)}C${pt(x + w * 0.62, y + w * 0.55)} ${pt(x + w * 0.9, headY + 4)} ${pt(...r)}Q${pt(x, headY - 6)} ${pt(...l)}Z" fill="url(#m)" stroke="${c.m[0]}" stroke-width="1.5"/>`;
}

/** A claw from the basket up over the crown of the stone (girdle at y, half-width w). */
function claw(c, x, y, w, side) {
  const d = `M${pt(x, y + w * 0.4)}L${pt(x, y)}L${pt(x + side * w * 0.2, y - w * 0.36)}`;
  return `<path d="${d}" fill="none" stroke="${c.m[0]}" stroke-width="${r1(w * 0.12)}" stroke-linecap="round" stroke-linejoin="round"/><path d="${d}" fill="none" stroke="${c.m[3]}" stroke-width="${r1(w * 0.055)}" stroke-linecap="round" stroke-linejoin="round"/>`;
}

function solitaireHead(c, x = RING.cx + 14, w = 90) {
  const y = headY - 72;
  return (
    basket(c, x, y, w) +
    c.use("sb", x, y, w / 100) +
    claw(c, x - w * 0.99, y, w, 1) +
    claw(c, x + w * 0.99, y, w, -1) +
    claw(c, x - w * 0.22, y + 2, w * 0.85, -0.3) +
    c.sparkle(x - w * 0.3, y - 30, 2.6) +
    c.sparkle(x + w * 0.5, y + 20, 1.4, 0.7)
  );
}

/** A stone facing the viewer above the band (halo, heart, trilogy, pearl…). */
function faceHead(c, inner, x, y, w) {
  return basket(c, x, y + w * 0.35, w * 0.8) + inner;
}

const RINGS = {
  solitario: (c) => ({ body: band(c) + solitaireHead(c), focus: [404, 380], zoom: 1.45 }),
  argolla: (c) => ({
    body: band(c, { t: 30, depth: 56 }) + c.sparkle(290, 380, 2.4) + c.sparkle(520, 640, 1.4, 0.7),
    focus: [390, 480],
    zoom: 1.45,
  }),
  eternidad: (c) => {
    let stones = "";
    for (let k = 0; k < 26; k++) {
      const a = rad(-90 + (360 / 26) * k);
      stones += c.use("st", RING.cx + Math.cos(a) * 135, RING.cy + Math.sin(a) * 158, 1.28);
    }
    return {
      body: band(c, { t: 30 }) + stones + c.sparkle(300, 380, 2.5) + c.sparkle(470, 660, 1.6, 0.8),
      focus: [330, 420],
      zoom: 1.9,
    };
  },
  "media-eternidad": (c) => {
    let stones = "";
    for (let k = 0; k < 7; k++) {
      const a = rad(-90 + (k - 3) * 17);
      stones += c.use("st", RING.cx + Math.cos(a) * 137, RING.cy + Math.sin(a) * 160, 1.15);
    }
    return { body: band(c, { t: 26 }) + stones + c.sparkle(350, 330, 2.4), focus: [390, 360], zoom: 1.8 };
  },
  corazon: (c) => {
    const x = RING.cx + 12;
    const y = headY - 70;
    const s = 0.82;
    const claws = [
      [-66, -54],
      [66, -54],
      [0, 86],
    ]
      .map(
        ([dx, dy]) => `<circle cx="${r1(x + dx * s)}" cy="${r1(y + dy * s)}" r="9" fill="url(#m)" stroke="${c.m[0]}"/>`,
      )
      .join("");
    return {
      body:
        band(c, { t: 20 }) +
        faceHead(
          c,
          shapedStone(c, HEART, x, y, s) + claws + c.sparkle(x - 36, y - 40, 2.6) + c.sparkle(x + 40, y + 10, 1.3, 0.7),
          x,
          y,
          80,
        ),
      focus: [x, y + 40],
      zoom: 1.6,
    };
  },
  halo: (c) => {
    const x = RING.cx + 12;
    const y = headY - 66;
    let halo = "";
    for (let k = 0; k < 14; k++) {
      const a = rad((360 / 14) * k);
      halo += c.use("sd", x + Math.cos(a) * 66, y + Math.sin(a) * 80);
    }
    const center = `<g transform="translate(${x} ${y}) scale(.54 .68)"><use href="#rb"/></g>`;
    return {
      body:
        band(c, { t: 20 }) +
        faceHead(
          c,
          `<ellipse cx="${x}" cy="${y}" rx="78" ry="93" fill="url(#m)" stroke="${c.m[0]}"/>${halo}${center}` +
            c.sparkle(x - 25, y - 40, 2.4),
          x,
          y,
          84,
        ),
      focus: [x, y + 30],
      zoom: 1.6,
    };
  },
  trilogia: (c) => {
    const y = headY - 40;
    const x = RING.cx + 12;
    const s = (dx, rr) =>
      prongs(c, x + dx, y + Math.abs(dx) * 0.25, rr, 4) + c.use("rb", x + dx, y + Math.abs(dx) * 0.25, rr / 100);
    return {
      body:
        band(c, { t: 18 }) +
        basket(c, x, y + 30, 130) +
        s(-72, 30) +
        s(72, 30) +
        s(0, 44) +
        c.sparkle(x - 20, y - 30, 2.2) +
        c.sparkle(x + 80, y, 1.2),
      focus: [x, y + 30],
      zoom: 1.7,
    };
  },
  "anillo-perla": (c) => {
    const x = RING.cx + 12;
    const y = headY - 52;
    return { body: band(c, { t: 20 }) + basket(c, x, y + 30, 56) + pearl(c, x, y, 64), focus: [x, y + 30], zoom: 1.7 };
  },
  sello: (c) => {
    const x = RING.cx + 14;
    const y = headY + 6;
    return {
      body:
        band(c, { t: 30, depth: 40 }) +
        `<ellipse cx="${x + 10}" cy="${y + 6}" rx="92" ry="50" fill="${c.m[0]}"/><ellipse cx="${x}" cy="${y}" rx="92" ry="50" fill="url(#m)"/><ellipse cx="${x}" cy="${y}" rx="72" ry="36" fill="url(#g)" stroke="${c.m[0]}" stroke-width="3"/><ellipse cx="${x - 18}" cy="${y - 12}" rx="30" ry="8" fill="#fff" opacity=".3"/>`,
      focus: [x, y + 40],
      zoom: 1.6,
    };
  },
  trenzado: (c) => {
    c.defs.set(
      "tw",
      `<pattern id="tw" width="22" height="22" patternUnits="userSpaceOnUse" patternTransform="rotate(35)"><rect width="11" height="22" fill="${c.m[0]}" opacity=".45"/><rect x="11" width="3" height="22" fill="#fff" opacity=".5"/></pattern>`,
    );
    const pattern = `<path d="${ell(RING.cx, RING.cy, RING.rx, RING.ry)}${ell(RING.cx, RING.cy, RING.rx - 28, RING.ry - 26)}" fill-rule="evenodd" fill="url(#tw)"/>`;
    return { body: band(c, { t: 28, depth: 40, pattern }) + c.sparkle(300, 390, 2), focus: [300, 450], zoom: 1.7 };
  },
  "tu-y-yo": (c) => ({
    body: band(c, { t: 16, depth: 24 }) + pearl(c, RING.cx - 44, headY + 6, 40) + pearl(c, RING.cx + 60, headY - 2, 46),
    focus: [RING.cx + 8, headY + 20],
    zoom: 1.8,
  }),
};

// ───────────────────────────── Necklaces ─────────────────────────────
// Drawn on a hanging curve `left` (mirrored for the right side) ending at the pendant point.

const HANG = {
  left: [
    [118, -10],
    [150, 250],
    [278, 458],
    [400, 474],
  ],
  s: 1.25,
};
const BUST = {
  left: [
    [350, 292],
    [336, 410],
    [366, 512],
    [400, 520],
  ],
  s: 0.72,
};

function chainPath(g) {
  const L = g.left;
  const R = mirror(L);
  return `${cubic(L)}C${pt(...R[1])} ${pt(...R[2])} ${pt(...R[3])}`;
}

function chain(c, g, w = 5) {
  const d = chainPath(g);
  const sw = Math.max(2, w * g.s);
  return `<path d="${d}" fill="none" stroke="${c.m[0]}" stroke-width="${r1(sw + 1.5)}" stroke-dasharray="${r1(sw * 2)} ${r1(sw * 0.7)}" stroke-linecap="round"/><path d="${d}" fill="none" stroke="${c.m[3]}" stroke-width="${r1(sw * 0.55)}" stroke-dasharray="${r1(sw * 1.2)} ${r1(sw * 1.5)}" stroke-linecap="round"/>`;
}

/** The pendant is drawn at (0,0) = the bottom of the chain, in a ±100 box, then placed. */
function hangPendant(c, g, inner) {
  const [x, y] = g.left[3];
  const bail = `<ellipse cx="0" cy="14" rx="9" ry="17" fill="none" stroke="url(#m)" stroke-width="6"/>`;
  c.need("m");
  return `<g transform="translate(${pt(x, y)}) scale(${g.s})">${bail}${inner}</g>`;
}

const pendant = {
  gota: (c) =>
    `<circle cy="38" r="11" fill="url(#m)"/>` +
    shapedStone(c, PEAR, 0, 112, 0.78) +
    `<path d="M0 34Q-52 80-56 130A56 56 0 0 0 56 130Q52 80 0 34Z" fill="none" stroke="url(#m)" stroke-width="5"/>` +
    c.sparkle(-20, 110, 2.4),
  corazon: (c) =>
    `<path d="${HEART}" transform="translate(0 112) scale(.8)" fill="url(#m)" stroke="${c.m[0]}" stroke-width="2"/><path d="${HEART}" transform="translate(0 108) scale(.5)" fill="${c.m[1]}" opacity=".5"/>` +
    prongs(c, 0, 102, 16, 4) +
    c.use("rb", 0, 102, 0.16) +
    c.sparkle(-36, 70, 2),
  halo: (c) => {
    let h = "";
    for (let k = 0; k < 14; k++)
      h += c.use("st", Math.cos(rad((360 / 14) * k)) * 50, 108 + Math.sin(rad((360 / 14) * k)) * 62, 0.75);
    return (
      `<ellipse cy="108" rx="60" ry="72" fill="url(#m)"/>${h}<g transform="translate(0 108) scale(.38 .48)"><use href="#rb"/></g>` +
      c.sparkle(-18, 80, 2.2)
    );
  },
  solitario: (c) =>
    `<circle cy="88" r="52" fill="url(#m)" stroke="${c.m[0]}" stroke-width="2"/>` +
    c.use("rb", 0, 88, 0.44) +
    c.sparkle(-16, 70, 2.2),
  sol: (c) => {
    let rays = "";
    for (let k = 0; k < 16; k++) {
      const a = rad((360 / 16) * k);
      rays += `M${pt(Math.cos(a - 0.09) * 30, 110 + Math.sin(a - 0.09) * 30)}L${pt(Math.cos(a) * (k % 2 ? 52 : 60), 110 + Math.sin(a) * (k % 2 ? 52 : 60))}L${pt(Math.cos(a + 0.09) * 30, 110 + Math.sin(a + 0.09) * 30)}Z`;
    }
    return (
      `<circle cy="110" r="78" fill="url(#m)" stroke="${c.m[0]}" stroke-width="2"/><circle cy="110" r="68" fill="none" stroke="${c.m[0]}" stroke-width="1.5" stroke-dasharray="2 4"/><path d="${rays}" fill="${c.m[0]}" opacity=".55"/><circle cy="110" r="24" fill="${c.m[3]}" stroke="${c.m[0]}" stroke-width="2"/>` +
      c.sparkle(-40, 70, 2)
    );
  },
  luna: (c) =>
    `<path d="M-30 40A70 70 0 1 0 40 130A56 56 0 1 1-30 40Z" fill="url(#m)" stroke="${c.m[0]}" stroke-width="2"/>` +
    [
      [-52, 100],
      [-44, 134],
      [-22, 158],
    ]
      .map(([x, y]) => c.use("st", x, y, 0.8))
      .join("") +
    `<path d="M42 40l8 20 22 1-17 14 6 21-19-12-18 12 6-21-17-14 22-1Z" transform="translate(12 18)" fill="url(#m)" stroke="${c.m[0]}" stroke-width="1.5"/>` +
    c.sparkle(70, 60, 1.8),
};

function pendantNecklace(kind) {
  return (c, g) => ({ body: chain(c, g) + hangPendant(c, g, pendant[kind](c)), focus: [400, 600], zoom: 1.7 });
}

function strungAlong(c, g, n, draw) {
  const L = g.left;
  const pts = [...bezierPoints(L, n), ...bezierPoints(mirror(L), n).slice(1)];
  return pts.map(([x, y], i) => draw(x, y, i, pts.length)).join("");
}

const NECKLACES = {
  "colgante-gota": pendantNecklace("gota"),
  "colgante-corazon": pendantNecklace("corazon"),
  "colgante-halo": pendantNecklace("halo"),
  "colgante-solitario": pendantNecklace("solitario"),
  "medalla-sol": pendantNecklace("sol"),
  "luna-estrella": pendantNecklace("luna"),
  "collar-perlas": (c, g) => ({
    body:
      `<path d="${chainPath(g)}" fill="none" stroke="#d9cbb7" stroke-width="${r1(3 * g.s)}"/>` +
      strungAlong(c, g, 15, (x, y, i, n) =>
        c.use("pl", x, y, g.s * (1.45 + 0.45 * (1 - Math.abs(i - (n - 1) / 2) / ((n - 1) / 2)))),
      ),
    focus: [400, 520],
    zoom: 1.8,
  }),
  "cadena-cubana": (c, g) => {
    const d = chainPath(g);
    const w = 24 * g.s;
    return {
      body:
        `<path d="${d}" fill="none" stroke="${c.m[0]}" stroke-width="${r1(w + 3)}"/><path d="${d}" fill="none" stroke="url(#mv)" stroke-width="${r1(w)}"/><path d="${d}" fill="none" stroke="${c.m[0]}" stroke-width="${r1(w)}" stroke-dasharray="${r1(w * 0.18)} ${r1(w * 0.5)}" opacity=".55"/><path d="${d}" fill="none" stroke="${c.m[4]}" stroke-width="${r1(w * 0.18)}" stroke-dasharray="${r1(w * 0.3)} ${r1(w * 0.38)}" opacity=".9"/>` +
        c.sparkle(262, 440, 2.2) +
        c.sparkle(520, 548, 1.6),
      focus: [320, 500],
      zoom: 1.8,
    };
  },
  "cadena-fina": (c, g) => ({
    body:
      chain(c, g, 4) +
      c.sparkle(300, 480, 1.8) +
      c.sparkle(480, 548, 1.4) +
      `<g transform="translate(${pt(...g.left[3])}) scale(${g.s})"><rect x="-8" y="6" width="16" height="26" rx="6" fill="url(#m)" stroke="${c.m[0]}"/></g>`,
    focus: [360, 540],
    zoom: 2,
  }),
  riviera: (c, g) => {
    const gg = {
      ...g,
      left:
        g === HANG
          ? [
              [118, -10],
              [140, 250],
              [270, 452],
              [400, 468],
            ]
          : g.left,
    };
    return {
      body:
        `<path d="${chainPath(gg)}" fill="none" stroke="url(#m)" stroke-width="${r1(4 * g.s)}"/>` +
        strungAlong(c, gg, 16, (x, y, i, n) =>
          c.use("sd", x, y, (g.s / 1.3) * (1.3 + 1.1 * (1 - Math.abs(i - (n - 1) / 2) / ((n - 1) / 2)) ** 2)),
        ) +
        c.sparkle(gg.left[3][0] - 10, gg.left[3][1] - 10, 2.2 * g.s) +
        c.sparkle(gg.left[2][0] + 20, gg.left[2][1], 1.4 * g.s),
      focus: [400, 470],
      zoom: 1.8,
    };
  },
  "doble-capa": (c, g) => {
    const low = {
      ...g,
      left:
        g === HANG
          ? [
              [118, -10],
              [150, 310],
              [282, 560],
              [400, 578],
            ]
          : g.left.map(([x, y], i) => [x, y + i * 12]),
    };
    const high = {
      ...g,
      left:
        g === HANG
          ? [
              [118, -10],
              [140, 230],
              [270, 420],
              [400, 436],
            ]
          : g.left.map(([x, y], i) => [x, y - i * 22]),
    };
    return {
      body:
        chain(c, high, 3.5) +
        strungAlong(c, high, 7, (x, y, i) => (i % 2 ? "" : c.use("pl", x, y, 1.1 * g.s))) +
        chain(c, low) +
        hangPendant(
          c,
          low,
          `<circle cy="40" r="26" fill="url(#m)" stroke="${c.m[0]}" stroke-width="2"/><circle cy="40" r="17" fill="none" stroke="${c.m[0]}" opacity=".5"/>` +
            c.sparkle(-10, 30, 1.6),
        ),
      focus: [400, 560],
      zoom: 1.6,
    };
  },
};

// ───────────────────────────── Bracelets ─────────────────────────────
// Lying on the surface, seen from the front and above: an ellipse; back half first.

const OV = { cx: 400, cy: 420, rx: 255, ry: 125 };
const onOval = (t, o = OV) => [o.cx + Math.cos(t) * o.rx, o.cy + Math.sin(t) * o.ry];

/** Items around the oval, back (sin < 0) ones smaller and drawn first. */
function around(n, draw, o = OV) {
  const items = Array.from({ length: n }, (_, k) => (2 * Math.PI * k) / n + 0.01);
  items.sort((a, b) => Math.sin(a) - Math.sin(b));
  return items.map((t) => draw(...onOval(t, o), 0.8 + 0.22 * Math.sin(t), t)).join("");
}

function ovalChain(c, w = 6, o = OV) {
  const d = ell(o.cx, o.cy, o.rx, o.ry);
  return `<path d="${d}" fill="none" stroke="${c.m[0]}" stroke-width="${w + 1.5}" stroke-dasharray="${r1(w * 2)} ${r1(w * 0.7)}"/><path d="${d}" fill="none" stroke="${c.m[3]}" stroke-width="${r1(w * 0.55)}" stroke-dasharray="${r1(w * 1.2)} ${r1(w * 1.5)}"/>`;
}

/** A rigid bangle: outer wall, rim and the inner wall seen through the opening. */
function bangle(c, h = 42, rim = 12) {
  const { cx, cy, rx, ry } = OV;
  c.need("mv");
  c.need("m");
  c.need("md");
  const wall = `M${pt(cx - rx, cy)}A${rx} ${ry} 0 0 0 ${pt(cx + rx, cy)}v${h}A${rx} ${ry} 0 0 1 ${pt(cx - rx, cy + h)}Z`;
  const irx = rx - rim;
  const iry = ry - rim * 0.55;
  const inner = `M${pt(cx - irx, cy)}A${irx} ${iry} 0 0 1 ${pt(cx + irx, cy)}v${h}A${irx} ${iry} 0 0 0 ${pt(cx - irx, cy + h)}Z`;
  c.defs.set("hb", `<clipPath id="hb"><path d="${ell(cx, cy, irx, iry)}"/></clipPath>`);
  return `<path d="${inner}" clip-path="url(#hb)" fill="url(#md)"/><path d="${wall}" fill="url(#mv)" stroke="${c.m[0]}" stroke-width="1.5"/><path d="${ell(cx, cy, rx, ry)}${ell(cx, cy, irx, iry)}" fill-rule="evenodd" fill="url(#m)" stroke="${c.m[0]}" stroke-width="1"/><path d="M${pt(cx - rx * 0.7, cy + ry * 0.71 + h * 0.35)}A${rx} ${ry} 0 0 0 ${pt(cx + rx * 0.2, cy + ry * 0.98 + h * 0.35)}" stroke="#fff" stroke-width="${r1(h * 0.12)}" stroke-linecap="round" fill="none" opacity=".7"/>`;
}

function stoneRow(c, id, n, scale) {
  return around(n, (x, y, s) => c.use(id, x, y, s * scale));
}

const BRACELETS = {
  tenis: (c) => ({
    body:
      `<path d="${ell(OV.cx, OV.cy, OV.rx, OV.ry)}" fill="none" stroke="url(#m)" stroke-width="8"/>` +
      around(42, (x, y, s, t) =>
        c.use(c.gemKey === "diamante" || Math.round((t * 42) / (2 * Math.PI)) % 2 ? "st" : "sd", x, y, s * 1.75),
      ) +
      c.sparkle(330, 540, 2.6) +
      c.sparkle(560, 515, 1.8) +
      c.sparkle(250, 330, 1.2, 0.7),
    focus: [400, 530],
    zoom: 1.8,
  }),
  esclava: (c) => ({
    body: bangle(c) + c.sparkle(230, 520, 2.2) + c.sparkle(600, 320, 1.4, 0.7),
    focus: [330, 520],
    zoom: 1.7,
  }),
  "esclava-gemas": (c) => {
    let gems = "";
    for (let k = 0; k < 7; k++) {
      const t = Math.PI / 2 + (k - 3) * 0.16;
      const [x, y] = onOval(t);
      gems += c.use("st", x, y + 21, 1.9);
    }
    return { body: bangle(c, 44) + gems + c.sparkle(380, 540, 2.4), focus: [400, 540], zoom: 1.7 };
  },
  "brazalete-ancho": (c) => ({
    body:
      bangle(c, 96, 14) +
      `<path d="M${pt(OV.cx - OV.rx, OV.cy + 8)}A${OV.rx} ${OV.ry} 0 0 0 ${pt(OV.cx + OV.rx, OV.cy + 8)}M${pt(OV.cx - OV.rx, OV.cy + 88)}A${OV.rx} ${OV.ry} 0 0 0 ${pt(OV.cx + OV.rx, OV.cy + 88)}" fill="none" stroke="${c.m[4]}" stroke-width="3" opacity=".8"/>`,
    focus: [400, 570],
    zoom: 1.6,
  }),
  dijes: (c) => {
    const charms = [
      (x, y) =>
        `<path d="${HEART}" transform="translate(${pt(x, y + 34)}) scale(.22)" fill="url(#m)" stroke="${c.m[0]}" stroke-width="6"/>`,
      (x, y) =>
        `<path d="M0-24 7-8 24-7 11 5 15 22 0 13-15 22-11 5-24-7-7-8Z" transform="translate(${pt(x, y + 34)})" fill="url(#m)" stroke="${c.m[0]}" stroke-width="1.5"/>`,
      (x, y) =>
        `<path d="M-6-22A24 24 0 1 0 14 18 19 19 0 1 1-6-22Z" transform="translate(${pt(x, y + 34)})" fill="url(#m)" stroke="${c.m[0]}" stroke-width="1.5"/>`,
      (x, y) =>
        `<circle cx="${r1(x)}" cy="${r1(y + 32)}" r="18" fill="url(#m)" stroke="${c.m[0]}" stroke-width="1.5"/>` +
        c.use("st", x, y + 32, 1.1),
    ];
    let out = "";
    charms.forEach((draw, i) => {
      const [x, y] = onOval(Math.PI / 2 + (i - 1.5) * 0.42);
      out += `<path d="M${pt(x, y)}v12" stroke="${c.m[0]}" stroke-width="3"/>` + draw(x, y);
    });
    return { body: ovalChain(c) + out + c.sparkle(420, 600, 1.6), focus: [400, 560], zoom: 1.8 };
  },
  "pulsera-perlas": (c) => ({
    body:
      `<path d="${ell(OV.cx, OV.cy, OV.rx, OV.ry)}" fill="none" stroke="#d9cbb7" stroke-width="3"/>` +
      stoneRow(c, "pl", 28, 2.8),
    focus: [400, 540],
    zoom: 1.8,
  }),
  eslabones: (c) => {
    c.need("m");
    // Cable links: one lying flat, the next seen edge-on, interlocked around the oval.
    c.defs.set("lf", `<ellipse id="lf" rx="19" ry="11" fill="none" stroke="url(#m)" stroke-width="5.5"/>`);
    c.defs.set("le", `<ellipse id="le" rx="19" ry="4" fill="none" stroke="${c.m[1]}" stroke-width="5.5"/>`);
    const body = around(46, (x, y, s, t) => {
      const ang = (Math.atan2(Math.cos(t) * OV.ry, -Math.sin(t) * OV.rx) * 180) / Math.PI;
      return c.use(Math.round((t * 46) / (2 * Math.PI)) % 2 ? "le" : "lf", x, y, s, ang);
    });
    return { body: body + c.sparkle(360, 545, 2), focus: [400, 540], zoom: 1.9 };
  },
  barbada: (c) => {
    c.need("mv");
    const d = ell(OV.cx, OV.cy, OV.rx, OV.ry);
    return {
      body:
        `<path d="${d}" fill="none" stroke="${c.m[0]}" stroke-width="21"/><path d="${d}" fill="none" stroke="url(#mv)" stroke-width="18"/><path d="${d}" fill="none" stroke="${c.m[0]}" stroke-width="18" stroke-dasharray="4 9" opacity=".5"/><path d="${d}" fill="none" stroke="#fff" stroke-width="4" stroke-dasharray="5 8" opacity=".8"/>` +
        c.sparkle(300, 535, 2),
      focus: [380, 530],
      zoom: 1.8,
    };
  },
  corazones: (c) => ({
    body:
      ovalChain(c, 4.5) +
      around(
        10,
        (x, y, s) =>
          `<path d="${HEART}" transform="translate(${pt(x, y)}) scale(${r1(0.26 * s * 100) / 100})" fill="url(#m)" stroke="${c.m[0]}" stroke-width="5"/>`,
      ) +
      c.sparkle(330, 540, 1.8),
    focus: [400, 540],
    zoom: 1.9,
  }),
  infinito: (c) => {
    const inf = "M0 0C-30-40-90-40-90 0S-30 40 0 0 30-40 90 0 30 40 0 0Z";
    return {
      body:
        ovalChain(c, 4.5) +
        `<g transform="translate(400 548)"><path d="${inf}" fill="none" stroke="${c.m[0]}" stroke-width="17"/><path d="${inf}" fill="none" stroke="url(#m)" stroke-width="13"/><path d="M-80-14C-70-30-40-30-24-12" stroke="#fff" stroke-width="3" fill="none" stroke-linecap="round"/></g>` +
        c.sparkle(360, 520, 2),
      focus: [400, 548],
      zoom: 1.9,
    };
  },
  estaciones: (c) => ({
    body:
      ovalChain(c, 4) +
      around(9, (x, y, s, t) =>
        Math.sin(t) > -0.2
          ? `<circle cx="${r1(x)}" cy="${r1(y)}" r="${r1(19 * s)}" fill="url(#m)" stroke="${c.m[0]}"/>` +
            c.use("rb", x, y, 0.145 * s)
          : "",
      ) +
      c.sparkle(400, 530, 1.8),
    focus: [400, 540],
    zoom: 1.9,
  }),
};

// ───────────────────────────── Earrings ─────────────────────────────
// A pair: the left one facing, the right one a little smaller, as if turned.

const PAIR = [
  [268, 405, 1.12],
  [532, 415, 0.97],
];
const pair = (draw) =>
  PAIR.map(([x, y, s], i) => `<g transform="translate(${x} ${y}) scale(${s})">${draw(i)}</g>`).join("");

function hook(c) {
  c.need("m");
  return `<path d="M0-150C-2-200 40-215 55-185C66-160 52-120 48-95" fill="none" stroke="${c.m[0]}" stroke-width="7" stroke-linecap="round"/><path d="M0-150C-2-200 40-215 55-185C66-160 52-120 48-95" fill="none" stroke="${c.m[3]}" stroke-width="3" stroke-linecap="round"/><circle cy="-150" r="7" fill="url(#m)"/>`;
}

/** A crescent hoop: thick at the bottom, thin at the top, with a hinge post. */
function hoop(c, rx, ry, t, extra = "") {
  c.need("m");
  c.need("md");
  const irx = rx - t * 0.7;
  const iry = ry - t * 0.9;
  const d = `${ell(0, 0, rx, ry)}${ell(0, -t * 0.55, irx, iry)}`;
  // Tube shading: dark along the inner edge, a bright line along the middle of the lower half.
  const mid = (a) => pt(Math.cos(rad(a)) * (rx - t * 0.33), -t * 0.27 + Math.sin(rad(a)) * (ry - t * 0.42));
  const inner = (a) => pt(Math.cos(rad(a)) * irx, -t * 0.55 + Math.sin(rad(a)) * iry);
  return `<path d="M-10 ${r1(-ry + 4)}C-30 ${r1(-ry - 30)} 10 ${r1(-ry - 40)} 8 ${r1(-ry - 10)}" fill="none" stroke="${c.m[0]}" stroke-width="4"/><path d="${d}" fill-rule="evenodd" fill="url(#m)" stroke="${c.m[0]}" stroke-width="1.5"/><path d="M${inner(160)}A${r1(irx)} ${r1(iry)} 0 0 0 ${inner(20)}" fill="none" stroke="${c.m[0]}" stroke-width="${r1(t * 0.14)}" opacity=".5"/><path d="M${mid(160)}A${r1(rx - t * 0.33)} ${r1(ry - t * 0.42)} 0 0 0 ${mid(40)}" fill="none" stroke="${c.m[4]}" stroke-width="${r1(t * 0.12)}" stroke-linecap="round" opacity=".85"/>${extra}`;
}

const EARRINGS = {
  broqueles: (c) => ({
    body: pair((i) => prongs(c, 0, 0, 92, 4) + c.use("rb", 0, 0, 0.9) + c.sparkle(-30, -34, i ? 2 : 3)),
    focus: [268, 405],
    zoom: 1.7,
  }),
  "broqueles-perla": (c) => ({
    body: pair(() => `<circle r="40" fill="url(#m)"/>` + pearl(c, 0, 0, 100)),
    focus: [268, 405],
    zoom: 1.6,
  }),
  "broqueles-corazon": (c) => ({
    body: pair(
      (i) => shapedStone(c, HEART, 0, 0, 0.95) + prongs(c, 0, -6, 95, 3, -90) + c.sparkle(-40, -50, i ? 1.8 : 2.6),
    ),
    focus: [268, 405],
    zoom: 1.6,
  }),
  "broqueles-estrella": (c) => {
    const R = 110;
    const r = 48;
    let light = "";
    let dark = "";
    for (let k = 0; k < 5; k++) {
      const a = rad(-90 + 72 * k);
      const tip = pt(Math.cos(a) * R, Math.sin(a) * R);
      light += `M0 0L${pt(Math.cos(a - rad(36)) * r, Math.sin(a - rad(36)) * r)}L${tip}Z`;
      dark += `M0 0L${tip}L${pt(Math.cos(a + rad(36)) * r, Math.sin(a + rad(36)) * r)}Z`;
    }
    return {
      body: pair(
        (i) =>
          `<path d="${light}" fill="${c.m[3]}"/><path d="${dark}" fill="${c.m[1]}"/><path d="${light}${dark}" fill="none" stroke="${c.m[0]}" stroke-width="1.5" stroke-linejoin="round"/>` +
          c.use("rb", 0, 0, 0.26) +
          c.sparkle(-20, -60, i ? 1.6 : 2.4),
      ),
      focus: [268, 405],
      zoom: 1.6,
    };
  },
  arracadas: (c) => ({ body: pair(() => hoop(c, 120, 150, 46)), focus: [268, 470], zoom: 1.6 }),
  "arracadas-grandes": (c) => ({
    body: `<g transform="translate(0 -10)">${pair(() => hoop(c, 150, 195, 24))}</g>`,
    focus: [268, 480],
    zoom: 1.5,
  }),
  huggies: (c) => {
    let stones = "";
    for (let k = 0; k < 7; k++) {
      const a = rad(90 + (k - 3) * 19);
      stones += c.use("st", Math.cos(a) * 78, -18 + Math.sin(a) * 92, 1.25);
    }
    return { body: pair(() => hoop(c, 105, 120, 44, stones)), focus: [268, 470], zoom: 1.6 };
  },
  filigrana: (c) => {
    c.need("m");
    c.defs.set(
      "fl",
      `<g id="fl" fill="none" stroke="${c.m[0]}"><circle r="12" stroke-width="2.5"/><circle r="5" stroke-width="2"/></g>`,
    );
    let loops = "";
    for (let k = 0; k < 11; k++) {
      const a = rad(15 + k * 15);
      loops += `<use href="#fl" x="${r1(Math.cos(a) * 112)}" y="${r1(-40 + Math.sin(a) * 112)}"/>`;
    }
    const cres = "M-150-40A150 150 0 0 0 150-40L122-40A122 102 0 0 1-122-40Z";
    const one = `<path d="M-136-40A136 150 0 0 1 136-40" fill="none" stroke="${c.m[0]}" stroke-width="8"/><path d="M-136-40A136 150 0 0 1 136-40" fill="none" stroke="${c.m[3]}" stroke-width="4"/><path d="${cres}" fill="url(#m)" stroke="${c.m[0]}" stroke-width="5" stroke-linejoin="round"/>${loops}<path d="M-138-40A138 128 0 0 0 138-40" fill="none" stroke="${c.m[4]}" stroke-width="3" stroke-dasharray="1 7" stroke-linecap="round"/>`;
    return { body: `<g transform="translate(0 40)">${pair(() => one)}</g>`, focus: [268, 480], zoom: 1.6 };
  },
  "aretes-gota": (c) => ({
    body: `<g transform="translate(0 20)">${pair(() => hook(c) + `<circle cy="-92" r="8" fill="url(#m)"/>` + prongs(c, 0, -60, 26, 4) + c.use("rb", 0, -60, 0.26) + `<path d="M0-36v14" stroke="${c.m[0]}" stroke-width="5"/>` + shapedStone(c, PEAR, 0, 70, 0.95) + c.sparkle(-25, 40, 2.4))}</g>`,
    focus: [268, 470],
    zoom: 1.5,
  }),
  "perla-colgante": (c) => ({
    body: `<g transform="translate(0 10)">${pair(() => hook(c) + `<path d="M48-95 0-20" stroke="${c.m[0]}" stroke-width="4"/><path d="M-24-6C-20-30 20-30 24-6Z" fill="url(#m)"/>` + `<g transform="scale(1 1.12)">${pearl(c, 0, 62, 70)}</g>`)}</g>`,
    focus: [268, 470],
    zoom: 1.55,
  }),
};

// ───────────────────────────── Compositions ─────────────────────────────

const KIND_FAMILY = {};
for (const k of Object.keys(RINGS)) KIND_FAMILY[k] = "ring";
for (const k of Object.keys(NECKLACES)) KIND_FAMILY[k] = "necklace";
for (const k of Object.keys(BRACELETS)) KIND_FAMILY[k] = "bracelet";
for (const k of Object.keys(EARRINGS)) KIND_FAMILY[k] = "earring";

function draw(c, kind, g = HANG) {
  const fn = RINGS[kind] ?? NECKLACES[kind] ?? BRACELETS[kind] ?? EARRINGS[kind];
  if (!fn) throw new Error(`No drawing for "${kind}"`);
  return fn(c, g);
}

function background(c, composition) {
  const [a, b, d] = BACKGROUNDS[composition];
  c.defs.set(
    "bg",
    `<radialGradient id="bg" cx=".5" cy=".42" r=".78">${stops([
      [0, a],
      [0.6, b],
      [1, d],
    ])}</radialGradient>`,
  );
  c.defs.set(
    "sh",
    `<radialGradient id="sh">${stops([
      [0, "#6b5231", 0.28],
      [0.6, "#6b5231", 0.08],
      [1, "#6b5231", 0],
    ])}</radialGradient>`,
  );
  return `<rect width="800" height="800" fill="url(#bg)"/>`;
}

const PRINCIPAL_ZOOM = { ring: 1.14, necklace: 1, bracelet: 1.1, earring: 1 };
const SHADOW = {
  ring: [410, 725, 240, 34],
  necklace: [400, 740, 250, 30],
  bracelet: [400, 605, 340, 70],
  earring: [400, 680, 320, 42],
};

function principal(c, kind) {
  const family = KIND_FAMILY[kind];
  const [x, y, rx, ry] = SHADOW[family];
  const { body } = draw(c, kind);
  const zoom = PRINCIPAL_ZOOM[family];
  const framed =
    zoom === 1 ? body : `<g transform="translate(400 430) scale(${zoom}) translate(-400 -430)">${body}</g>`;
  return background(c, "principal") + `<ellipse cx="${x}" cy="${y}" rx="${rx}" ry="${ry}" fill="url(#sh)"/>` + framed;
}

function detalle(c, kind) {
  const family = KIND_FAMILY[kind];
  const [x, y, rx, ry] = SHADOW[family];
  const { body, focus, zoom } = draw(c, kind);
  const [fx, fy] = focus;
  const t = `translate(400 410) scale(${zoom}) translate(${-fx} ${-fy})`;
  return (
    background(c, "detalle") +
    `<g transform="${t}"><ellipse cx="${x}" cy="${y}" rx="${rx}" ry="${ry}" fill="url(#sh)"/>${body}</g>` +
    c.sparkle(640, 170, 2.6, 0.8) +
    c.sparkle(170, 640, 1.8, 0.6)
  );
}

/** In an open box on a velvet cushion; necklaces on a display bust. */
function estuche(c, kind) {
  const family = KIND_FAMILY[kind];
  const [vd, vl] = VELVETS[(c.seed * 7 + Math.floor(c.seed / 4)) % VELVETS.length];
  c.defs.set(
    "v",
    `<linearGradient id="v" x1="0" y1="0" x2="1" y2="1">${stops([
      [0, vl],
      [1, vd],
    ])}</linearGradient>`,
  );
  let out = background(c, "estuche");
  if (family === "necklace") {
    c.defs.set(
      "vb",
      `<radialGradient id="vb" cx=".35" cy=".3" r=".9">${stops([
        [0, vl],
        [1, vd],
      ])}</radialGradient>`,
    );
    out += `<ellipse cx="400" cy="790" rx="330" ry="40" fill="url(#sh)"/>`;
    out += `<path d="M348 190C348 250 346 292 332 322C306 356 200 368 150 396C110 420 94 470 94 540V800H706V540C706 470 690 420 650 396C600 368 494 356 468 322C454 292 452 250 452 190Z" fill="url(#vb)"/><ellipse cx="400" cy="190" rx="52" ry="12" fill="${vl}"/>`;
    out += `<path d="M362 230C360 270 358 296 346 320M170 420C146 440 126 480 124 540" stroke="#fff" stroke-width="9" opacity=".07" fill="none" stroke-linecap="round"/>`;
    return out + draw(c, kind, BUST).body;
  }
  // Lid (open, behind) with its satin lining, then the base with the cushion.
  c.defs.set(
    "sa",
    `<linearGradient id="sa" x1="0" y1="0" x2="0" y2="1">${stops([
      [0, "#fffaf2"],
      [1, "#e6d9c4"],
    ])}</linearGradient>`,
  );
  out += `<ellipse cx="400" cy="720" rx="330" ry="40" fill="url(#sh)"/>`;
  out += `<path d="M170 130H630L655 400H145Z" fill="url(#v)"/><path d="M192 152H608L628 392H172Z" fill="url(#sa)"/>`;
  out += `<path d="M145 400H655L690 560H110Z" fill="url(#v)"/><path d="M110 560H690V690H110Z" fill="${vd}"/>`;
  out += `<path d="M178 418H622L650 544H150Z" fill="${vl}" opacity=".9"/>`;
  const { body } = draw(c, kind);
  if (family === "ring") {
    // Standing in the cushion's slit: the cushion's front half hides the bottom of the band.
    const s = 0.68;
    out += `<path d="M166 470H634" stroke="${vd}" stroke-width="6"/>`;
    out += `<g transform="translate(400 330) scale(${s}) translate(-395 -380)">${body}</g>`;
    out += `<path d="M163 474H637L650 544H150Z" fill="${vl}"/><path d="M166 474H634" stroke="#000" stroke-opacity=".25" stroke-width="3"/>`;
    return out;
  }
  const s = family === "bracelet" ? 0.74 : 0.66;
  const cy = family === "bracelet" ? 440 : 420;
  return out + `<g transform="translate(400 480) scale(${s}) translate(-400 -${cy})">${body}</g>`;
}

const COMPOSE = { principal, detalle, estuche };

function escapeXml(s) {
  return s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

/** Adds every definition the markup refers to (url(#id) or href="#id") and that is not there yet. */
function resolveDefs(c, markup) {
  for (;;) {
    const all = markup + [...c.defs.values()].join("");
    const missing = [...all.matchAll(/(?:url\(#|href="#)([\w-]+)/g)].map((m) => m[1]).filter((id) => !c.defs.has(id));
    if (!missing.length) return;
    for (const id of new Set(missing)) c.need(id);
  }
}

export function renderSvg(file) {
  const c = new Ctx(file.art.metal, file.art.gem, file.productId);
  const body = COMPOSE[file.composition](c, file.art.kind);
  resolveDefs(c, body);
  const defs = [...c.defs.values()].join("");
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 800 800" width="800" height="800" role="img"><title>${escapeXml(file.title)}</title><defs>${defs}</defs>${body}</svg>\n`;
}

// ───────────────────────────── Main ─────────────────────────────

const isMain = process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href;
if (isMain) {
  const only = process.argv.slice(2);
  fs.mkdirSync(outDir, { recursive: true });
  const files = imageFiles();
  const wanted = new Set(files.map((f) => path.basename(f.url)));
  let written = 0;
  let largest = 0;
  const tooBig = [];
  for (const file of files) {
    const name = path.basename(file.url);
    if (only.length && !only.some((o) => name.includes(o))) continue;
    const svg = renderSvg(file);
    const bytes = Buffer.byteLength(svg);
    largest = Math.max(largest, bytes);
    if (bytes > MAX_BYTES) tooBig.push(`${name} (${bytes} B)`);
    fs.writeFileSync(path.join(outDir, name), svg);
    written++;
  }
  if (!only.length) {
    for (const name of fs.readdirSync(outDir)) {
      if (name.endsWith(".svg") && !wanted.has(name)) fs.rmSync(path.join(outDir, name));
    }
  }
  console.log(`${written} pictures in public/images/products (largest ${(largest / 1024).toFixed(1)} KB)`);
  if (tooBig.length) {
    console.error(`Over ${MAX_BYTES} bytes: ${tooBig.join(", ")}`);
    process.exitCode = 1;
  }
}
