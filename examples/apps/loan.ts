/**
 * A loan's repayment schedule, worked out month by month in whole cents as a bank does: a fixed
 * monthly payment (rounded to the cent), each month's interest on what is still owed, the rest
 * of the payment paying it down, and the last payment settling what is left. Summed by year for
 * the chart. Pure and deterministic: the same loan always gives the same schedule.
 * @module
 */

/** One year of the loan: what was paid in interest and in principal, and what is owed at its end. */
export interface LoanYear {
  year: number;
  interest: number;
  principal: number;
  balance: number;
}

/** A loan and its schedule; money in the loan's currency, to the cent. */
export interface LoanSchedule {
  amount: number;
  ratePercent: number;
  years: number;
  currency: string;
  monthlyPayment: number;
  totalInterest: number;
  totalPaid: number;
  schedule: LoanYear[];
}

/** The schedule of `amount` borrowed at `ratePercent` a year (compounded monthly) over `years`. */
export function loanSchedule(amount: number, ratePercent: number, years: number, currency: string): LoanSchedule {
  const months = years * 12;
  const monthlyRate = ratePercent / 100 / 12;
  let owed = Math.round(amount * 100);
  const payment =
    monthlyRate === 0
      ? Math.ceil(owed / months)
      : Math.round((owed * monthlyRate) / (1 - Math.pow(1 + monthlyRate, -months)));
  const schedule: LoanYear[] = [];
  let totalInterest = 0;
  for (let year = 1; year <= years; year++) {
    let interest = 0;
    let principal = 0;
    for (let month = 1; month <= 12; month++) {
      const due = Math.round(owed * monthlyRate);
      const last = year === years && month === 12;
      const paidDown = last ? owed : Math.min(payment - due, owed);
      interest += due;
      principal += paidDown;
      owed -= paidDown;
    }
    totalInterest += interest;
    schedule.push({ year, interest: interest / 100, principal: principal / 100, balance: owed / 100 });
  }
  return {
    amount: Math.round(amount * 100) / 100,
    ratePercent,
    years,
    currency,
    monthlyPayment: payment / 100,
    totalInterest: totalInterest / 100,
    totalPaid: (Math.round(amount * 100) + totalInterest) / 100,
    schedule,
  };
}

/** `value` as money in `currency`, written for English readers (`$1,073.64`). */
export function money(value: number, currency: string): string {
  return new Intl.NumberFormat('en-US', { style: 'currency', currency }).format(value);
}
