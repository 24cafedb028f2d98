import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { isPhotoKind, PHOTO_KINDS, renderPhotoSvg } from './photo';

/** Minimal well-formedness check: tags nest and close properly, attributes are quoted. */
function assertWellFormed(svg: string): void {
  const stack: string[] = [];
  const tag = /<(\/?)([a-zA-Z]+)((?:\s+[a-zA-Z0-9:-]+="[^"<>]*")*)\s*(\/?)>/g;
  let position = 0;
  for (let m = tag.exec(svg); m; m = tag.exec(svg)) {
    assert.equal(svg.slice(position, m.index).trim(), '', `no stray text before ${m[0].slice(0, 40)}`);
    position = m.index + m[0].length;
    const [, closing, name, , selfClosing] = m;
    if (closing) assert.equal(stack.pop(), name, `closes ${name}`);
    else if (!selfClosing) stack.push(name as string);
  }
  assert.equal(position, svg.length, 'the whole document is tags');
  assert.deepEqual(stack, [], 'all tags closed');
}

describe('renderPhotoSvg', () => {
  it('knows its kinds', () => {
    assert.deepEqual([...PHOTO_KINDS], ['excursion', 'city', 'sight', 'guide', 'avatar', 'blog', 'country', 'region']);
    PHOTO_KINDS.forEach((k) => assert.ok(isPhotoKind(k)));
    ['', 'Excursion', 'photo', 'city/../x', 1, null, undefined].forEach((v) => assert.equal(isPhotoKind(v), false));
  });

  it('is deterministic and varies with key and variant', () => {
    for (const kind of PHOTO_KINDS) {
      assert.equal(renderPhotoSvg(kind, 'moskva', 1), renderPhotoSvg(kind, 'moskva', 1));
      const variants = new Set([0, 1, 2, 3, 4, 5].map((v) => renderPhotoSvg(kind, 'moskva', v)));
      assert.ok(variants.size >= 5, `${kind} variants differ`);
      const keys = new Set(Array.from({ length: 20 }, (_, i) => renderPhotoSvg(kind, `key-${i}`, 0)));
      assert.equal(keys.size, 20, `${kind} keys differ`);
    }
  });

  it('renders small, self-contained, well-formed SVG', () => {
    for (const kind of PHOTO_KINDS) {
      const portrait = kind === 'guide' || kind === 'avatar';
      for (let i = 0; i < 300; i++) {
        const svg = renderPhotoSvg(kind, `${kind}-${i * 37}`, i % 7);
        assert.ok(svg.length < 4096, `${kind} #${i}: ${svg.length} bytes`);
        assert.ok(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg"'));
        assert.ok(svg.endsWith('</svg>'));
        assert.ok(svg.includes('preserveAspectRatio="xMidYMid slice"'));
        assert.ok(svg.includes(portrait ? 'width="400" height="400" viewBox="0 0 400 400"' : 'width="800" height="600" viewBox="0 0 800 600"'));
        assert.equal(svg.split('http').length, 2, 'no external references');
        assert.doesNotMatch(svg, /NaN|undefined|Infinity|<text|<script|<image|xlink/);
        if (i % 25 === 0) assertWellFormed(svg);
      }
    }
  });

  it('references only ids it defines', () => {
    for (let i = 0; i < 50; i++) {
      const svg = renderPhotoSvg(PHOTO_KINDS[i % PHOTO_KINDS.length]!, `ref-${i}`, i);
      const defined = new Set([...svg.matchAll(/ id="([^"]+)"/g)].map((m) => m[1]));
      const used = [...svg.matchAll(/url\(#([^)]+)\)|href="#([^"]+)"/g)].map((m) => m[1] ?? m[2]);
      used.forEach((id) => assert.ok(defined.has(id), `#${id} is defined`));
    }
  });

  it('accepts any key text without leaking it into the markup', () => {
    const svg = renderPhotoSvg('city', '<script>alert("x")</script>&', 2);
    assert.ok(!svg.includes('script') && !svg.includes('alert'));
    assertWellFormed(svg);
  });
});
