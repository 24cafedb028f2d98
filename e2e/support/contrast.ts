// Text contrast of a control as the browser paints it now (WCAG 2.x relative luminance), from getComputedStyle:
// the text colour over the first opaque background behind it, both faded by the opacities on the way up.
import type { Locator } from '@playwright/test';

export interface Contrast {
  ratio: number;
  /** 3:1 for large text (24 px, or 18.66 px bold), 4.5:1 otherwise. */
  required: number;
  text: string;
  background: string;
}

/** The contrast of the element's own text against what is behind it. */
export function measureContrast(control: Locator): Promise<Contrast> {
  return control.evaluate((element) => {
    type Rgba = [number, number, number, number];
    const parse = (value: string): Rgba => {
      const m = /rgba?\(([^)]+)\)/.exec(value);
      if (!m) return [0, 0, 0, 0];
      const [r, g, b, a] = m[1]!.split(/[ ,/]+/).filter(Boolean).map(Number);
      return [r!, g!, b!, a ?? 1];
    };
    const over = (top: Rgba, bottom: Rgba): Rgba => {
      const a = top[3];
      return [top[0] * a + bottom[0] * (1 - a), top[1] * a + bottom[1] * (1 - a), top[2] * a + bottom[2] * (1 - a), 1];
    };
    const channel = (c: number) => {
      const s = c / 255;
      return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
    };
    const luminance = (c: Rgba) => 0.2126 * channel(c[0]) + 0.7152 * channel(c[1]) + 0.0722 * channel(c[2]);

    const own = getComputedStyle(element);
    // the backgrounds from the page up to the element, painted bottom first
    const layers: Rgba[] = [];
    let opacity = 1;
    for (let node: Element | null = element; node; node = node.parentElement) {
      const style = getComputedStyle(node);
      opacity *= Number(style.opacity);
      const bg = parse(style.backgroundColor);
      if (bg[3] > 0) layers.unshift(bg);
      if (bg[3] === 1) break;
    }
    const page: Rgba = [255, 255, 255, 1];
    const behind = layers.reduce<Rgba>((acc, layer) => over(layer, acc), page);
    const fade = (c: Rgba): Rgba => over([c[0], c[1], c[2], c[3] * opacity], page);
    const background = fade(behind);
    const text = over(fade(parse(own.color)), background);
    const [hi, lo] = [luminance(text), luminance(background)].sort((a, b) => b - a) as [number, number];
    const size = parseFloat(own.fontSize);
    const large = size >= 24 || (size >= 18.66 && Number(own.fontWeight) >= 700);
    const css = (c: Rgba) => `rgb(${c.slice(0, 3).map(Math.round).join(', ')})`;
    return { ratio: Math.round(((hi + 0.05) / (lo + 0.05)) * 100) / 100, required: large ? 3 : 4.5, text: css(text), background: css(background) };
  });
}
