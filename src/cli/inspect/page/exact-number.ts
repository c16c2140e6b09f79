/**
 * Numbers as typed: the text is what the user wrote, and only a number JSON carries exactly is
 * sent. `0.1` and `1e3` are exact; `12345678901234567890` is not (a double holds
 * 12345678901234567000), and is refused rather than silently changed.
 * @module
 */

const NUMBER = /^(-?)(\d+)(?:\.(\d+))?(?:[eE]([+-]?\d+))?$/;
const JSON_NUMBER = /^-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?$/;

/** The number `text` is, if it is one and a double holds it exactly; else why not. */
export function exactNumber(text: string): { value: number } | { error: string } {
  const typed = text.trim();
  if (!JSON_NUMBER.test(typed)) return { error: 'is not a number' };
  const value = Number(typed);
  if (!Number.isFinite(value)) return { error: 'is too large' };
  if (decimal(typed) !== decimal(String(value)))
    return { error: `cannot be sent exactly (the nearest number is ${String(value)})` };
  return { value: Object.is(value, -0) ? 0 : value };
}

/** A decimal number's canonical form, `<sign><digits>e<exponent>` with no extra zeros. */
function decimal(text: string): string {
  const [, sign = '', whole = '', fraction = '', exponent = '0'] = NUMBER.exec(text) ?? [];
  let digits = (whole + fraction).replace(/^0+/, '');
  let power = Number(exponent) - fraction.length;
  if (digits === '') return '0';
  const trailing = /0+$/.exec(digits)?.[0].length ?? 0;
  digits = digits.slice(0, digits.length - trailing);
  power += trailing;
  return `${sign}${digits}e${power}`;
}
