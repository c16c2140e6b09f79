/**
 * The chart app: `chart_loan` works out a loan's repayment schedule and returns it as
 * `structuredContent`, with a text for the model; a host that renders apps shows it in the
 * view `ui://loan/chart.html` as an interactive chart (the balance over the years, or each
 * year's interest and principal). A client that shows no apps gets the schedule as a table.
 * @module
 */
import { z } from 'zod';
import { appToolMeta, appView, rendersApps, type AppViewSource, type Server } from 'mcpkit/server';
import { loanSchedule, money, type LoanSchedule } from './loan.js';

export const LOAN_VIEW = 'ui://loan/chart.html';

const loanInput = z.object({
  amount: z.number().positive().max(1e9).describe('What is borrowed, in the currency below'),
  ratePercent: z.number().min(0).max(50).describe('Yearly interest rate in percent: 4.5 for 4.5 %'),
  years: z.number().int().min(1).max(50).describe('How many years the loan runs'),
  currency: z
    .string()
    .regex(/^[A-Z]{3}$/, 'an ISO 4217 code such as USD or EUR')
    .default('USD')
    .describe('ISO 4217 currency code'),
});

const loanYear = z.object({ year: z.number(), interest: z.number(), principal: z.number(), balance: z.number() });
const loanOutput = z.object({
  amount: z.number(),
  ratePercent: z.number(),
  years: z.number(),
  currency: z.string(),
  monthlyPayment: z.number(),
  totalInterest: z.number(),
  totalPaid: z.number(),
  schedule: z.array(loanYear),
});

/** Registers the chart's view (its page, `html`) and the tool that shows it on `server`. */
export function addLoanApp(server: Server, html: AppViewSource): void {
  appView(
    server,
    LOAN_VIEW,
    {
      name: 'Loan chart',
      description: "A loan's balance and yearly payments, as an interactive chart",
      prefersBorder: true,
    },
    html,
  );
  server.tool(
    'chart_loan',
    {
      title: 'Chart a loan',
      description:
        'Works out the repayment schedule of a fixed-rate loan (monthly payments) and charts it: ' +
        'the monthly payment, the total interest, and each year’s interest, principal and balance.',
      annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: false },
      inputSchema: loanInput,
      outputSchema: loanOutput,
      _meta: appToolMeta({ view: LOAN_VIEW }),
    },
    ({ amount, ratePercent, years, currency }, ctx) => {
      const loan = loanSchedule(amount, ratePercent, years, currency);
      const text = rendersApps(ctx)
        ? `${summary(loan)} The user sees the schedule as an interactive chart (balance, and each year's interest and principal).`
        : `${summary(loan)} This client shows no apps, so here is the schedule by year:\n\n${table(loan)}`;
      return { content: [{ type: 'text', text }], structuredContent: loan };
    },
  );
}

/** The loan in two sentences. */
function summary(loan: LoanSchedule): string {
  const share = loan.amount === 0 ? 0 : Math.round((loan.totalInterest / loan.amount) * 100);
  return (
    `Borrowing ${money(loan.amount, loan.currency)} at ${loan.ratePercent} % over ${loan.years} years ` +
    `costs ${money(loan.monthlyPayment, loan.currency)} a month. ` +
    `In all ${money(loan.totalPaid, loan.currency)} is paid back, ${money(loan.totalInterest, loan.currency)} ` +
    `of it interest (${share} % of the amount).`
  );
}

/** The schedule as a Markdown table, one row a year. */
function table(loan: LoanSchedule): string {
  const rows = loan.schedule.map(
    (y) =>
      `| ${y.year} | ${money(y.interest, loan.currency)} | ${money(y.principal, loan.currency)} | ${money(y.balance, loan.currency)} |`,
  );
  return ['| Year | Interest | Principal | Balance at the end |', '| ---: | ---: | ---: | ---: |', ...rows].join('\n');
}
