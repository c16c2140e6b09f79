/**
 * The loan chart in plain SVG, no chart library: the balance over the years as a line over
 * its area, or each year's payments as bars (principal below, interest above), with a y axis
 * of round amounts and a year axis. The drawn chart tells which year lies under a point and
 * marks one year (a guide and a dot, or a band behind the year's bar).
 * @module
 */
import type { LoanYear } from '../loan.js';

export type ChartKind = 'balance' | 'payments';

/** What the chart shows and how it writes amounts. */
export interface ChartData {
  amount: number;
  years: LoanYear[];
  /** An amount in a few characters, for the axis ("$250K"). */
  short: (value: number) => string;
}

/** A drawn chart. Coordinates are the SVG's own (its viewBox). */
export interface DrawnChart {
  /** The year under the x coordinate `x`: 0 (the start) to the last for the balance, 1 to the last for payments. */
  yearAt(x: number): number;
  /** Marks `year` (none: `undefined`); returns the point a tooltip points at. */
  mark(year: number | undefined): { x: number; y: number } | undefined;
}

export const WIDTH = 640;
const HEIGHT = 250;
const LEFT = 58;
const RIGHT = 10;
const TOP = 12;
const BOTTOM = 26;
const PLOT_W = WIDTH - LEFT - RIGHT;
const PLOT_H = HEIGHT - TOP - BOTTOM;
const SVG_NS = 'http://www.w3.org/2000/svg';

/** Draws `kind` of `data` into `svg`, replacing what it held. */
export function drawChart(svg: SVGSVGElement, data: ChartData, kind: ChartKind): DrawnChart {
  svg.replaceChildren();
  const n = data.years.length;
  const top = kind === 'balance' ? data.amount : Math.max(...data.years.map((y) => y.interest + y.principal), 0);
  const step = niceStep(top / 4);
  const max = step * 4;
  const y = (value: number) => TOP + PLOT_H - (value / max) * PLOT_H;
  drawYAxis(svg, step, y, data.short);
  return kind === 'balance' ? drawBalance(svg, data, n, y) : drawPayments(svg, data, n, y);
}

function drawBalance(svg: SVGSVGElement, data: ChartData, n: number, y: (v: number) => number): DrawnChart {
  const x = (year: number) => LEFT + (year / n) * PLOT_W;
  const points = [{ year: 0, balance: data.amount }, ...data.years].map((p) => `${x(p.year)},${y(p.balance)}`);
  drawYearAxis(svg, n, (year) => x(year), 0);
  el('path', { class: 'area', d: `M${x(0)},${y(0)} L${points.join(' L')} L${x(n)},${y(0)} Z` }, svg);
  el('path', { class: 'line', d: `M${points.join(' L')}` }, svg);
  const guide = el('line', { class: 'guide', y1: TOP, y2: TOP + PLOT_H, visibility: 'hidden' }, svg);
  const dot = el('circle', { class: 'dot', r: 4.5, visibility: 'hidden' }, svg);
  return {
    yearAt: (px) => clamp(Math.round(((px - LEFT) / PLOT_W) * n), 0, n),
    mark(year) {
      const shown = year === undefined ? 'hidden' : 'visible';
      guide.setAttribute('visibility', shown);
      dot.setAttribute('visibility', shown);
      if (year === undefined) return undefined;
      const balance = year === 0 ? data.amount : (data.years[year - 1]?.balance ?? 0);
      const at = { x: x(year), y: y(balance) };
      set(guide, { x1: at.x, x2: at.x });
      set(dot, { cx: at.x, cy: at.y });
      return at;
    },
  };
}

function drawPayments(svg: SVGSVGElement, data: ChartData, n: number, y: (v: number) => number): DrawnChart {
  const band = PLOT_W / n;
  const width = Math.max(1, band * (n > 30 ? 0.8 : 0.68));
  const center = (year: number) => LEFT + (year - 0.5) * band;
  drawYearAxis(svg, n, center, 1);
  const marker = el('rect', { class: 'band', y: TOP, height: PLOT_H, width: band, rx: 3, visibility: 'hidden' }, svg);
  const bars = el('g', {}, svg);
  const groups = data.years.map((year) => {
    const g = el('g', { class: 'bar' }, bars);
    const left = center(year.year) - width / 2;
    el('rect', { class: 'principal', x: left, width, y: y(year.principal), height: y(0) - y(year.principal) }, g);
    const top = y(year.principal + year.interest);
    el('rect', { class: 'interest', x: left, width, y: top, height: y(year.principal) - top }, g);
    return g;
  });
  return {
    yearAt: (px) => clamp(Math.floor((px - LEFT) / band) + 1, 1, n),
    mark(year) {
      groups.forEach((g, i) => g.classList.toggle('on', i + 1 === year));
      const shown = year === undefined ? undefined : data.years[year - 1];
      set(marker, { visibility: shown ? 'visible' : 'hidden', x: center(shown?.year ?? 1) - band / 2 });
      return shown && { x: center(shown.year), y: y(shown.principal + shown.interest) };
    },
  };
}

/** Grid lines and labels at 0, step, ... 4 steps. */
function drawYAxis(svg: SVGSVGElement, step: number, y: (v: number) => number, short: (v: number) => string): void {
  const grid = el('g', { class: 'grid' }, svg);
  const axis = el('g', { class: 'axis' }, svg);
  for (let i = 0; i <= 4; i++) {
    const at = y(i * step);
    el('line', { x1: LEFT, x2: WIDTH - RIGHT, y1: at, y2: at }, grid);
    el('text', { x: LEFT - 8, y: at, 'text-anchor': 'end', 'dominant-baseline': 'middle' }, axis).textContent = short(
      i * step,
    );
  }
}

/** Year labels under the plot, at most about ten of them. */
function drawYearAxis(svg: SVGSVGElement, n: number, x: (year: number) => number, first: number): void {
  const axis = el('g', { class: 'axis' }, svg);
  const every = [1, 2, 5, 10, 20].find((s) => n / s <= 10) ?? 25;
  for (let year = first; year <= n; year++) {
    if (year % every !== 0 && !(year === first && every <= 2)) continue;
    el('text', { x: x(year), y: HEIGHT - 6, 'text-anchor': 'middle' }, axis).textContent =
      year === 0 ? 'Start' : `${year}`;
  }
}

/** The smallest of 1, 2, 2.5 and 5 times a power of ten that is at least `value`. */
function niceStep(value: number): number {
  if (!(value > 0)) return 1;
  const power = Math.pow(10, Math.floor(Math.log10(value)));
  return ([1, 2, 2.5, 5, 10].find((f) => f * power >= value) ?? 10) * power;
}

function clamp(value: number, low: number, high: number): number {
  return Math.min(high, Math.max(low, value));
}

function el<K extends keyof SVGElementTagNameMap>(
  tag: K,
  attributes: Record<string, string | number>,
  parent: Element,
): SVGElementTagNameMap[K] {
  const node = document.createElementNS(SVG_NS, tag);
  set(node, attributes);
  parent.append(node);
  return node;
}

function set(node: Element, attributes: Record<string, string | number>): void {
  for (const [name, value] of Object.entries(attributes)) node.setAttribute(name, String(value));
}
