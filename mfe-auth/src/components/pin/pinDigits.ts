/** Pure rules of the PIN boxes: one digit per box, digits only, a pasted code spread over the boxes. */

export function onlyDigits(text: string): string {
  return text.replace(/\D/g, '');
}

/**
 * What box `index` holds after its input changed from `previous` to `raw`.
 * Returns the digits to spread from `index` (one or more), or '' when the box was emptied.
 */
export function typedDigits(raw: string, previous: string): string {
  const digits = onlyDigits(raw);
  // A digit typed next to the one already there: keep the new one.
  if (digits.length === 2 && previous !== '' && digits.includes(previous)) {
    return digits[0] === previous ? digits.slice(1) : digits.slice(0, 1);
  }
  return digits;
}

/** Spread `digits` over the boxes from `start`; a full code (length digits or more) always fills from the first box. */
export function spread(boxes: readonly string[], digits: string, start: number): { next: string[]; last: number } {
  const next = [...boxes];
  const from = digits.length >= boxes.length ? 0 : start;
  const take = digits.slice(0, boxes.length - from);
  for (let i = 0; i < take.length; i++) next[from + i] = take[i]!;
  return { next, last: from + take.length - 1 };
}

export function isComplete(boxes: readonly string[]): boolean {
  return boxes.every((d) => /^\d$/.test(d));
}
