/**
 * A resource template's variables and the URI they make (RFC 6570 with one text value per
 * variable: every operator, no lists or maps, no prefixes), for the resources tab's form. The
 * library's full `UriTemplate` lives in the server entry point, which the page does not bundle.
 * @module
 */

const EXPRESSION = /\{([+#./;?&]?)([^{}]*)\}/g;

/** Each variable of `template` once, in order. */
export function templateVariables(template: string): string[] {
  const names = new Set<string>();
  for (const match of template.matchAll(EXPRESSION))
    for (const spec of match[2]!.split(',')) {
      const name = spec.replace(/(\*|:\d+)$/, '').trim();
      if (name !== '') names.add(name);
    }
  return [...names];
}

const RULES: Record<string, { first: string; sep: string; named: boolean; reserved: boolean }> = {
  '': { first: '', sep: ',', named: false, reserved: false },
  '+': { first: '', sep: ',', named: false, reserved: true },
  '#': { first: '#', sep: ',', named: false, reserved: true },
  '.': { first: '.', sep: '.', named: false, reserved: false },
  '/': { first: '/', sep: '/', named: false, reserved: false },
  ';': { first: ';', sep: ';', named: true, reserved: false },
  '?': { first: '?', sep: '&', named: true, reserved: false },
  '&': { first: '&', sep: '&', named: true, reserved: false },
};

function encode(text: string, reserved: boolean): string {
  if (!reserved)
    return encodeURIComponent(text).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return encodeURI(text).replace(/%25([0-9A-Fa-f]{2})/g, '%$1');
}

/** `template` with each variable replaced by its value in `values`; one left empty or absent is left out. */
export function expandTemplate(template: string, values: Record<string, string>): string {
  return template.replace(EXPRESSION, (_whole, operator: string, list: string) => {
    const rules = RULES[operator]!;
    const parts = list
      .split(',')
      .map((spec) => spec.replace(/(\*|:\d+)$/, '').trim())
      .filter((name) => values[name] !== undefined && values[name] !== '')
      .map((name) => {
        const value = encode(values[name]!, rules.reserved);
        return rules.named ? `${name}=${value}` : value;
      });
    return parts.length === 0 ? '' : rules.first + parts.join(rules.sep);
  });
}
