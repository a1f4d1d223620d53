// Numbers that JSON would change: a typed value is sent as a JavaScript number, and past 2^53
// or past 17 significant digits the number sent is another one (9007199254740993 goes out as
// ...992). The command line refuses them rather than send what was not typed.

/**
 * The first number in `text` (valid JSON: the caller parsed it) whose value a JavaScript
 * number does not carry exactly, or `undefined`. `1.10`, `1e2` and `0.1` are carried (what is
 * sent, `1.1`, `100`, `0.1`, is the same decimal number); `9007199254740993` is not.
 *
 * @example
 * ```ts
 * changedNumber('{"a": 1.10, "id": 9007199254740993}'); // "9007199254740993"
 * ```
 */
export function changedNumber(text: string): string | undefined {
  for (let i = 0; i < text.length; i++) {
    const char = text[i] as string;
    if (char === '"') {
      i++;
      while (i < text.length && text[i] !== '"') i += text[i] === "\\" ? 2 : 1;
    } else if (char === "-" || (char >= "0" && char <= "9")) {
      let end = i + 1;
      while (end < text.length && /[0-9.eE+-]/.test(text[end] as string)) end++;
      const token = text.slice(i, end);
      if (!isCarried(token)) return token;
      i = end - 1;
    }
  }
  return undefined;
}

/** Whether the number written `text` is sent as the same decimal value by `JSON.stringify`. */
export function isCarried(text: string): boolean {
  const number = Number(text);
  return Number.isFinite(number) && decimal(text) === decimal(String(number));
}

/** `text` (`-1.50e3`, `+.5`, `1e+21`) as sign, significant digits and exponent: `-15e2`. */
function decimal(text: string): string | undefined {
  const parts = /^([+-]?)(\d*)(?:\.(\d*))?(?:[eE]([+-]?\d+))?$/.exec(text);
  if (parts === null) return undefined;
  const [, sign = "", whole = "", fraction = "", power = "0"] = parts;
  let digits = `${whole}${fraction}`.replace(/^0+/, "");
  // BigInt: an exponent such as 0e99999999999999999999 is past a double's integers.
  let exponent = BigInt(power) - BigInt(fraction.length);
  const trimmed = digits.replace(/0+$/, "");
  exponent += BigInt(digits.length - trimmed.length);
  digits = trimmed;
  if (digits === "") return "0";
  return `${sign === "-" ? "-" : ""}${digits}e${exponent}`;
}
