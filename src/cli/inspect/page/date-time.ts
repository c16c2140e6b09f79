/**
 * A `date-time` argument is typed in a `datetime-local` input, which knows no time zone: the
 * local time typed is sent with the page's offset (`2025-01-31T14:30:00+01:00`), and a date-time
 * given (a default, raw JSON) is shown as the same instant in local time.
 * @module
 */

const LOCAL = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/;

/** RFC 3339 of a local time typed as `YYYY-MM-DDTHH:MM[:SS]`, or `undefined` when it is not one. */
export function fromLocal(text: string): string | undefined {
  const parts = LOCAL.exec(text.trim());
  if (parts === null) return undefined;
  const [, year, month, day, hour, minute, second = '00'] = parts as unknown as string[];
  const at = new Date(Number(year), Number(month) - 1, Number(day), Number(hour), Number(minute), Number(second));
  if (Number.isNaN(at.getTime()) || at.getDate() !== Number(day)) return undefined;
  const offset = -at.getTimezoneOffset();
  const zone =
    offset === 0
      ? 'Z'
      : `${offset > 0 ? '+' : '-'}${pad(Math.floor(Math.abs(offset) / 60))}:${pad(Math.abs(offset) % 60)}`;
  return `${year}-${month}-${day}T${hour}:${minute}:${second}${zone}`;
}

/** A date-time as `datetime-local` shows it (`YYYY-MM-DDTHH:MM:SS`), or `undefined` when it is not one. */
export function toLocal(value: string): string | undefined {
  if (!/^\d{4}-\d{2}-\d{2}[Tt ]\d{2}:\d{2}/.test(value)) return undefined;
  const at = new Date(value);
  if (Number.isNaN(at.getTime())) return undefined;
  const date = `${String(at.getFullYear()).padStart(4, '0')}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}`;
  return `${date}T${pad(at.getHours())}:${pad(at.getMinutes())}:${pad(at.getSeconds())}`;
}

function pad(n: number): string {
  return String(n).padStart(2, '0');
}
