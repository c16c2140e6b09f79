/**
 * The loan chart's page: it speaks with the host through `App`, shows the tool's input while
 * the schedule is worked out, then the schedule from the tool's result as a chart: Balance or
 * Yearly payments, a tooltip with the year's figures under the pointer (or the arrow keys),
 * in the host's theme, its size reported to the host as it changes.
 * @module
 */
import { App, applyHostStyles } from 'mcpkit/app';
import type { LoanSchedule, LoanYear } from '../loan.js';
import { drawChart, WIDTH, type ChartKind, type DrawnChart } from './chart-drawing.js';

const byId = <T extends HTMLElement = HTMLElement>(id: string) => document.getElementById(id) as T;
const svg = document.getElementById('chart') as unknown as SVGSVGElement;
const tip = byId('tip');
const buttons = [...document.querySelectorAll<HTMLButtonElement>('.toggle button')];

const app = new App({ name: 'loan-chart', version: '1.0.0' });
let loan: LoanSchedule | undefined;
let kind: ChartKind = 'balance';
let chart: DrawnChart | undefined;
let marked: number | undefined;

app.on('toolinput', ({ arguments: args = {} }) => {
  const { amount, ratePercent, years } = args;
  if (loan === undefined && typeof amount === 'number')
    byId('subtitle').textContent =
      `${amount.toLocaleString(locale())} at ${String(ratePercent)} % over ${String(years)} years: working it out…`;
});
app.on('toolresult', (result) => {
  const schedule = result.structuredContent as LoanSchedule | undefined;
  if (result.isError === true || !Array.isArray(schedule?.schedule)) {
    const text = result.content.find((c) => c.type === 'text');
    return showError(text && 'text' in text ? text.text : 'The tool gave no schedule.');
  }
  loan = schedule;
  render();
});
app.on('toolcancelled', ({ reason }) => showError(`The calculation was cancelled${reason ? `: ${reason}` : '.'}`));
app.on('hostcontextchanged', () => {
  applyHostStyles(app.hostContext);
  render(); // the locale may have changed
});

for (const button of buttons) {
  button.addEventListener('click', () => {
    kind = button.dataset.kind === 'payments' ? 'payments' : 'balance';
    render();
  });
}
svg.addEventListener('pointermove', (event) => {
  const box = svg.getBoundingClientRect();
  if (chart) mark(chart.yearAt(((event.clientX - box.left) / box.width) * WIDTH));
});
svg.addEventListener('pointerleave', () => mark(undefined));
svg.addEventListener('blur', () => mark(undefined));
svg.addEventListener('keydown', (event) => {
  if (!chart || !loan) return;
  const first = kind === 'balance' ? 0 : 1;
  const step = { ArrowLeft: -1, ArrowRight: 1 }[event.key];
  if (event.key === 'Escape') mark(undefined);
  if (step === undefined) return;
  event.preventDefault();
  mark(Math.min(loan.years, Math.max(first, (marked ?? first - step) + step)));
});

try {
  await app.connect();
  applyHostStyles(app.hostContext);
} catch (error) {
  showError(`This page is an MCP App view, shown by a host that renders MCP Apps (${String(error)}).`);
}

/** Draws the loan as it is now, in the chosen kind. */
function render(): void {
  for (const button of buttons) button.setAttribute('aria-pressed', String(button.dataset.kind === kind));
  if (loan === undefined) return;
  const { amount, ratePercent, years, currency } = loan;
  const full = money(currency);
  byId('subtitle').textContent =
    `${full.format(amount)} at ${ratePercent.toLocaleString(locale())} % over ${years} years`;
  byId('monthly').textContent = full.format(loan.monthlyPayment);
  byId('interest').textContent = full.format(loan.totalInterest);
  byId('total').textContent = full.format(loan.totalPaid);
  const short = money(currency, { notation: 'compact', maximumFractionDigits: 1 });
  chart = drawChart(svg, { amount, years: loan.schedule, short: (v) => short.format(v) }, kind);
  svg.setAttribute(
    'aria-label',
    `${kind === 'balance' ? 'Balance' : 'Yearly payments'}: use the arrow keys to read each year`,
  );
  byId('legend').replaceChildren(
    ...(kind === 'balance'
      ? [legend('var(--series-1)', 'Balance still owed')]
      : [legend('var(--series-1)', 'Principal'), legend('var(--series-2)', 'Interest')]),
  );
  for (const id of ['stats', 'figure', 'legend']) byId(id).hidden = false;
  byId('status').hidden = true;
  const again = marked;
  marked = undefined;
  if (again !== undefined) mark(again);
}

/** Marks `year` on the chart and shows its figures beside it; `undefined` clears both. */
function mark(year: number | undefined): void {
  if (!chart || !loan || year === marked) return;
  marked = year;
  const at = chart.mark(year);
  if (year === undefined || at === undefined) {
    tip.hidden = true;
    return;
  }
  const full = money(loan.currency);
  const row = (label: string, value: number) => {
    const line = document.createElement('div');
    line.append(label, Object.assign(document.createElement('span'), { textContent: full.format(value) }));
    return line;
  };
  const data: LoanYear | undefined = loan.schedule[year - 1];
  const title = Object.assign(document.createElement('b'), { textContent: year === 0 ? 'Start' : `Year ${year}` });
  const rows =
    data === undefined
      ? [row('Balance', loan.amount)]
      : kind === 'balance'
        ? [row('Balance', data.balance), row('Interest paid', data.interest), row('Principal paid', data.principal)]
        : [
            row('Principal', data.principal),
            row('Interest', data.interest),
            row('Paid', data.principal + data.interest),
          ];
  tip.replaceChildren(title, ...rows);
  tip.hidden = false;
  // Beside the point, on whichever side has room.
  const width = svg.getBoundingClientRect().width;
  const scale = width / WIDTH;
  const x = at.x * scale;
  const left = x + 14 + tip.offsetWidth > width ? x - 14 - tip.offsetWidth : x + 14;
  tip.style.left = `${Math.max(0, left)}px`;
  tip.style.top = `${Math.max(0, at.y * scale - tip.offsetHeight / 2)}px`;
}

function legend(color: string, label: string): HTMLSpanElement {
  const item = document.createElement('span');
  const swatch = Object.assign(document.createElement('span'), { className: 'swatch' });
  swatch.style.background = color;
  item.append(swatch, label);
  return item;
}

function showError(text: string): void {
  const status = byId('status');
  status.textContent = text;
  status.hidden = false;
  byId('subtitle').textContent = 'No chart to show.';
}

function locale(): string | undefined {
  return app.hostContext.locale;
}

function money(currency: string, extra: Intl.NumberFormatOptions = {}): Intl.NumberFormat {
  try {
    return new Intl.NumberFormat(locale(), { style: 'currency', currency, ...extra });
  } catch {
    return new Intl.NumberFormat(undefined, { style: 'currency', currency, ...extra });
  }
}
