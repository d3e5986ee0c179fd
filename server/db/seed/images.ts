import { randomBytes } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import sharp from "sharp";
import type { IconKind, Tint } from "./demo-data/products";

// Demo pictures drawn locally: an SVG with a soft background, a textile-like pattern
// (stripes, dots, gingham, stars, waves, zigzag), an icon of the product kind and a label,
// rendered by sharp (librsvg) to WebP. No network, no external files. If the system has no
// fonts the label may not render; the pattern and icon alone keep the pictures distinct.

export type ImageKind = "product" | "slide" | "blog" | "category";

export interface ImageSpec {
  /** path under the media dir without extension, e.g. "demo/products/kocyk_minky-1" */
  base: string;
  kind: ImageKind;
  label: string;
  tint: Tint;
  icon: IconKind | null;
  /** selects the pattern; consecutive numbers give different patterns */
  pattern: number;
  /** a close-up of the fabric (large pattern, stitched seam) instead of the icon */
  detail?: boolean;
}

export interface ImageUrls {
  /** 1200 px wide (an 800 px `-large` file beside it is reached through the srcset, web/lib/responsive-image.ts) */
  url: string;
  /** 600 px wide */
  mediumUrl: string;
  /** 300 px wide */
  thumbUrl: string;
}

/**
 * The widths every picture is written in. `large` (800) is a phone's full-width picture: a box of
 * ~380 CSS px at 1.75–2 device pixels per CSS pixel needs 665–760 px, which 600 misses (the browser
 * then took the 1200 px file, 2–2.5× the bytes). docs/decisions/024.
 */
export const IMAGE_WIDTHS = { full: 1200, large: 800, medium: 600, thumb: 300 } as const;

/** width : height of each kind */
const ASPECT: Readonly<Record<ImageKind, readonly [number, number]>> = {
  product: [1, 1],
  slide: [16, 6],
  blog: [16, 9],
  category: [16, 9],
};

export function imageHeight(kind: ImageKind, width: number): number {
  const [w, h] = ASPECT[kind];
  return Math.round((width * h) / w);
}

export function imageUrls(spec: Pick<ImageSpec, "base">): ImageUrls {
  return {
    url: `/media/${spec.base}.webp`,
    mediumUrl: `/media/${spec.base}-medium.webp`,
    thumbUrl: `/media/${spec.base}-thumb.webp`,
  };
}

function imageFiles(mediaDir: string, spec: ImageSpec): { file: string; width: number }[] {
  const base = path.join(mediaDir, ...spec.base.split("/"));
  return [
    { file: `${base}.webp`, width: IMAGE_WIDTHS.full },
    { file: `${base}-large.webp`, width: IMAGE_WIDTHS.large },
    { file: `${base}-medium.webp`, width: IMAGE_WIDTHS.medium },
    { file: `${base}-thumb.webp`, width: IMAGE_WIDTHS.thumb },
  ];
}

// ---------------------------------------------------------------- drawing

interface Palette {
  background: string;
  accent: string;
  soft: string;
  ink: string;
}

const PALETTES: Readonly<Record<Tint, Palette>> = {
  rozowy: { background: "#fbe9ee", accent: "#eaa5b8", soft: "#f6d2dc", ink: "#7e3f51" },
  mietowy: { background: "#e6f5ef", accent: "#96d3bc", soft: "#c8ecde", ink: "#356b59" },
  szary: { background: "#eef0f2", accent: "#b9bfc7", soft: "#dce0e5", ink: "#4d5562" },
  bezowy: { background: "#f6efe4", accent: "#d9c19e", soft: "#ecdfca", ink: "#6d5639" },
  zolty: { background: "#fdf5d9", accent: "#efcd63", soft: "#f8e6a6", ink: "#7a5e0f" },
  niebieski: { background: "#e8f1fa", accent: "#9fc1e6", soft: "#cde0f3", ink: "#355b86" },
  lawendowy: { background: "#f0ebf8", accent: "#bfaee3", soft: "#ddd3f1", ink: "#58477f" },
  kremowy: { background: "#fcf8f0", accent: "#e2d3b4", soft: "#f1e9d9", ink: "#6e5d40" },
};

const PATTERNS = ["dots", "stripes", "gingham", "stars", "waves", "zigzag"] as const;

function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function star(cx: number, cy: number, r: number): string {
  const points: string[] = [];
  for (let i = 0; i < 10; i++) {
    const radius = i % 2 === 0 ? r : r * 0.45;
    const angle = (Math.PI / 5) * i - Math.PI / 2;
    points.push(
      `${(cx + radius * Math.cos(angle)).toFixed(1)},${(cy + radius * Math.sin(angle)).toFixed(1)}`,
    );
  }
  return `<polygon points="${points.join(" ")}"/>`;
}

function mix(colour: string, background: string, amount: number): string {
  const channel = (hex: string, i: number) => Number.parseInt(hex.slice(1 + i * 2, 3 + i * 2), 16);
  const parts = [0, 1, 2].map((i) =>
    Math.round(channel(colour, i) * amount + channel(background, i) * (1 - amount))
      .toString(16)
      .padStart(2, "0"),
  );
  return `#${parts.join("")}`;
}

/**
 * A <pattern> element with id "p" (cell size in image units). Colours are pre-blended with the
 * background and nothing is rotated or translucent: librsvg renders such patterns fast.
 */
function patternDef(kind: (typeof PATTERNS)[number], c: number, palette: Palette): string {
  const h = c / 2;
  const a = mix(palette.accent, palette.background, 0.6);
  const s = mix(palette.accent, palette.background, 0.3);
  const open = (height = c) =>
    `<pattern id="p" width="${c}" height="${height}" patternUnits="userSpaceOnUse">`;
  switch (kind) {
    case "dots":
      return `${open()}<g fill="${a}"><circle cx="${c / 4}" cy="${c / 4}" r="${c / 9}"/><circle cx="${(3 * c) / 4}" cy="${(3 * c) / 4}" r="${c / 9}"/></g></pattern>`;
    case "stripes":
      return `${open()}<path d="M0 ${c} L${c} 0 M${-h} ${h} L${h} ${-h} M${h} ${c + h} L${c + h} ${h}" stroke="${a}" stroke-width="${c / 5}"/><path d="M0 ${h} L${h} 0 M${h} ${c} L${c} ${h}" stroke="${s}" stroke-width="${c / 14}"/></pattern>`;
    case "gingham":
      return `${open()}<rect width="${h}" height="${c}" fill="${s}"/><rect width="${c}" height="${h}" fill="${s}"/><rect width="${h}" height="${h}" fill="${a}"/></pattern>`;
    case "stars":
      return `${open()}<g fill="${a}">${star(c / 4, c / 4, c / 7)}${star((3 * c) / 4, (3 * c) / 4, c / 10)}</g></pattern>`;
    case "waves":
      return `${open(h)}<path d="M0 ${h / 2} Q ${c / 4} 0 ${h} ${h / 2} T ${c} ${h / 2}" fill="none" stroke="${a}" stroke-width="${c / 14}"/></pattern>`;
    case "zigzag":
      return `${open(h)}<polyline points="0,${h * 0.75} ${h},${h * 0.25} ${c},${h * 0.75}" fill="none" stroke="${a}" stroke-width="${c / 12}" stroke-linejoin="round"/></pattern>`;
  }
}

/** A simple drawing of the product kind in a 200×200 box centred at the origin. */
function iconShape(kind: IconKind, p: Palette): string {
  const stroke = `stroke="${p.ink}" stroke-width="5" stroke-linejoin="round" stroke-linecap="round"`;
  const stitch = `stroke="${p.ink}" stroke-width="3" stroke-dasharray="8 7" fill="none"`;
  switch (kind) {
    case "blanket":
      return `<rect x="-80" y="-70" width="160" height="140" rx="14" fill="${p.soft}" ${stroke}/><rect x="-66" y="-56" width="132" height="112" rx="8" ${stitch}/><path d="M40 70 L80 30 L80 70 Z" fill="${p.accent}" ${stroke}/>`;
    case "pillow":
      return `<path d="M-85 -55 Q0 -80 85 -55 Q70 0 85 55 Q0 80 -85 55 Q-70 0 -85 -55 Z" fill="${p.soft}" ${stroke}/><path d="M-60 -35 Q0 -52 60 -35 Q50 0 60 35 Q0 52 -60 35 Q-50 0 -60 -35 Z" ${stitch}/>`;
    case "toy":
      return `<ellipse cx="-32" cy="-55" rx="20" ry="45" fill="${p.soft}" ${stroke}/><ellipse cx="32" cy="-55" rx="20" ry="45" fill="${p.soft}" ${stroke}/><circle cx="0" cy="25" r="62" fill="${p.soft}" ${stroke}/><circle cx="-22" cy="12" r="7" fill="${p.ink}"/><circle cx="22" cy="12" r="7" fill="${p.ink}"/><path d="M-12 38 Q0 50 12 38" fill="none" ${stroke}/>`;
    case "sleepingbag":
      return `<path d="M-55 -85 L55 -85 Q75 -85 75 -60 L75 60 Q75 90 0 90 Q-75 90 -75 60 L-75 -60 Q-75 -85 -55 -85 Z" fill="${p.soft}" ${stroke}/><line x1="0" y1="-85" x2="0" y2="88" ${stitch}/><circle cx="0" cy="-60" r="8" fill="${p.accent}" ${stroke}/>`;
    case "set":
      return `<rect x="-80" y="-30" width="160" height="110" rx="8" fill="${p.soft}" ${stroke}/><rect x="-90" y="-60" width="180" height="36" rx="8" fill="${p.accent}" ${stroke}/><rect x="-14" y="-60" width="28" height="140" fill="${p.ink}" opacity="0.8"/><path d="M0 -60 Q-50 -110 -45 -70 Q-40 -55 0 -60 Q40 -55 45 -70 Q50 -110 0 -60 Z" fill="${p.accent}" ${stroke}/>`;
    case "fabric":
      return `<path d="M-70 -70 L70 -70 L70 40 Q35 20 0 40 Q-35 60 -70 40 Z" fill="${p.soft}" ${stroke}/><ellipse cx="-70" cy="-15" rx="18" ry="58" fill="${p.accent}" ${stroke}/><line x1="-40" y1="-45" x2="50" y2="-45" ${stitch}/><line x1="-40" y1="-10" x2="50" y2="-10" ${stitch}/>`;
    case "garland":
      return `<path d="M-95 -45 Q0 25 95 -45" fill="none" ${stroke}/>${[-70, -35, 0, 35, 70]
        .map((x, i) => {
          const y = -45 + 70 * (1 - (x / 95) ** 2) * 0.5;
          return `<path d="M${x - 20} ${y.toFixed(1)} L${x + 20} ${y.toFixed(1)} L${x} ${(y + 55).toFixed(1)} Z" fill="${i % 2 === 0 ? p.accent : p.soft}" ${stroke}/>`;
        })
        .join("")}`;
    case "pouch":
      return `<path d="M-60 -45 L60 -45 L75 80 L-75 80 Z" fill="${p.soft}" ${stroke}/><path d="M-60 -45 Q0 -25 60 -45" fill="none" ${stroke}/><path d="M0 -35 Q-25 -85 -45 -70 M0 -35 Q25 -85 45 -70" fill="none" ${stroke}/><line x1="-55" y1="-20" x2="55" y2="-20" ${stitch}/>`;
  }
}

export function buildSvg(spec: ImageSpec, width: number): string {
  const height = imageHeight(spec.kind, width);
  // everything is drawn in the full-size coordinate system and scaled by the viewBox
  const W = IMAGE_WIDTHS.full;
  const H = imageHeight(spec.kind, W);
  const p = PALETTES[spec.tint];
  const pattern = PATTERNS[((spec.pattern % PATTERNS.length) + PATTERNS.length) % PATTERNS.length] ?? "dots";
  const cell = spec.detail ? 240 : spec.kind === "product" ? 100 : 90;
  const label = escapeXml(spec.label);
  const parts: string[] = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${W} ${H}">`,
    `<defs>${patternDef(pattern, cell, p)}</defs>`,
    `<rect width="${W}" height="${H}" fill="${p.background}"/>`,
    `<rect width="${W}" height="${H}" fill="url(#p)"/>`,
  ];
  if (spec.kind === "slide") {
    // a wide banner: the storefront draws title and description on the left
    parts.push(
      `<circle cx="${W * 0.8}" cy="${H * 0.5}" r="${H * 0.42}" fill="#ffffff" opacity="0.8"/>`,
      `<g transform="translate(${W * 0.8} ${H * 0.47}) scale(${(H * 0.0028).toFixed(3)})">${iconShape(spec.icon ?? "set", p)}</g>`,
      `<text x="${W * 0.8}" y="${H * 0.86}" font-family="DejaVu Sans, Arial, sans-serif" font-size="${H * 0.07}" font-weight="bold" text-anchor="middle" fill="${p.ink}">${label}</text>`,
    );
  } else if (spec.detail) {
    const inset = W * 0.07;
    parts.push(
      `<rect x="${inset}" y="${inset}" width="${W - 2 * inset}" height="${H - 2 * inset}" rx="${inset / 2}" fill="none" stroke="${p.ink}" stroke-width="${W / 160}" stroke-dasharray="${W / 40} ${W / 55}" opacity="0.7"/>`,
      `<rect x="${W * 0.12}" y="${H * 0.8}" width="${W * 0.76}" height="${H * 0.12}" rx="${H * 0.06}" fill="#ffffff" opacity="0.9"/>`,
      `<text x="${W / 2}" y="${H * 0.885}" font-family="DejaVu Sans, Arial, sans-serif" font-size="${H * 0.06}" font-weight="bold" text-anchor="middle" fill="${p.ink}">${label}</text>`,
    );
  } else {
    const box = Math.min(W, H) * 0.56;
    const cy = H * 0.44;
    parts.push(
      `<circle cx="${W / 2}" cy="${cy}" r="${box / 2}" fill="#ffffff" opacity="0.85"/>`,
      spec.icon
        ? `<g transform="translate(${W / 2} ${cy}) scale(${(box / 260).toFixed(3)})">${iconShape(spec.icon, p)}</g>`
        : "",
      `<rect x="${W * 0.12}" y="${H * 0.8}" width="${W * 0.76}" height="${H * 0.12}" rx="${H * 0.06}" fill="#ffffff" opacity="0.9"/>`,
      `<text x="${W / 2}" y="${H * 0.885}" font-family="DejaVu Sans, Arial, sans-serif" font-size="${H * 0.06}" font-weight="bold" text-anchor="middle" fill="${p.ink}">${label}</text>`,
    );
  }
  parts.push("</svg>");
  return parts.join("");
}

// ---------------------------------------------------------------- writing

async function exists(file: string): Promise<boolean> {
  try {
    await fs.access(file);
    return true;
  } catch {
    return false;
  }
}

/** Writes through a temporary file and a rename, so a crash or a parallel start never leaves half a file. */
async function writeAtomically(file: string, data: Buffer): Promise<void> {
  const tmp = `${file}.${process.pid}-${randomBytes(4).toString("hex")}.tmp`;
  await fs.writeFile(tmp, data);
  await fs.rename(tmp, file);
}

export interface RenderResult {
  written: number;
  skipped: number;
  ms: number;
}

/**
 * Renders every spec in four widths (1200, 800, 600, 300) as WebP under `mediaDir`.
 * Files that already exist are kept (fast restarts; the content is deterministic).
 */
export async function renderDemoImages(
  mediaDir: string,
  specs: readonly ImageSpec[],
  concurrency = 4,
): Promise<RenderResult> {
  const started = performance.now();
  let written = 0;
  let skipped = 0;
  const directories = new Set(
    specs.map((spec) => path.dirname(path.join(mediaDir, ...spec.base.split("/")))),
  );
  for (const directory of directories) await fs.mkdir(directory, { recursive: true });

  const queue = [...specs];
  const worker = async () => {
    for (let spec = queue.shift(); spec; spec = queue.shift()) {
      const [full, ...smaller] = imageFiles(mediaDir, spec);
      if (!full) continue;
      let fullData: Buffer | null = null;
      for (const { file, width } of [full, ...smaller]) {
        if (await exists(file)) {
          skipped++;
          continue;
        }
        let data: Buffer;
        if (width === IMAGE_WIDTHS.large) {
          // scaled from the full file: a fourth render of the drawing would cost more than the
          // other three widths together (the seed runs at every fresh start and per e2e worker)
          fullData ??= await fs.readFile(full.file);
          data = await sharp(fullData).resize({ width }).webp({ quality: 80, effort: 1 }).toBuffer();
        } else {
          data = await sharp(Buffer.from(buildSvg(spec, width)))
            .webp({ quality: width > IMAGE_WIDTHS.thumb ? 80 : 75, effort: 1 })
            .toBuffer();
          if (width === IMAGE_WIDTHS.full) fullData = data;
        }
        await writeAtomically(file, data);
        written++;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, concurrency) }, worker));
  return { written, skipped, ms: Math.round(performance.now() - started) };
}
