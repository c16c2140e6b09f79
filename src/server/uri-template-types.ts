/**
 * The variables of a URI template, read from its text by the type system: what
 * `UriTemplate.match` returns for it, so a resource template's reader is typed by the template
 * it is registered with (`'users://{id}/posts{?tag*}'` gives `{ id: string; tag?: string[] }`).
 * @module
 */

/** Variables recovered from a URI: a string, or a list for an exploded (`*`) variable. */
export type MatchedVariables = Record<string, string | string[]>;

/**
 * The variables `match` recovers from a URI of template `T`. An exploded variable (`{/path*}`,
 * `{?tag*}`) is a list, any other a string. A variable is always there when it is the first of a
 * simple or reserved expression (`{name}`, `{+path}`: these match even an empty text), and may be
 * missing otherwise (`{?q}`, `{/segment}`, `{a,b}`'s `b`). A template only known as `string`
 * gives `MatchedVariables`.
 */
export type TemplateVariables<T extends string> = string extends T
  ? MatchedVariables
  : Flatten<FromEntries<Entries<T>>>;

/** One variable of an expression: its name, the type of its value, and whether a match always has it. */
interface Entry {
  name: string;
  value: string | string[];
  always: boolean;
}

type Operator = '+' | '#' | '.' | '/' | ';' | '?' | '&';

type Entries<T extends string> = T extends `${string}{${infer Expression}}${infer Rest}`
  ? ExpressionEntries<Expression> | Entries<Rest>
  : never;

// Only simple and reserved expansions write nothing before their first variable, so only there
// is that variable certain to be matched.
type ExpressionEntries<E extends string> = E extends `${infer Op extends Operator}${infer List}`
  ? ListEntries<Split<List>, Op extends '+' ? true : false>
  : ListEntries<Split<E>, true>;

type Split<List extends string> = List extends `${infer Head},${infer Tail}` ? [Head, ...Split<Tail>] : [List];

type ListEntries<Specs extends string[], FirstAlways extends boolean> = Specs extends [
  infer First extends string,
  ...infer Rest extends string[],
]
  ? SpecEntry<First, FirstAlways> | SpecEntry<Rest[number], false>
  : never;

type SpecEntry<Spec extends string, Always extends boolean> = Spec extends `${infer Name}*`
  ? { name: Name; value: string[]; always: Always }
  : Spec extends `${infer Name}:${string}`
    ? { name: Name; value: string; always: Always }
    : { name: Spec; value: string; always: Always };

type FromEntries<E extends Entry> = { [V in E as V['always'] extends true ? V['name'] : never]: V['value'] } & {
  [V in E as V['always'] extends true ? never : V['name']]?: V['value'];
};

type Flatten<T> = { [K in keyof T]: T[K] };
