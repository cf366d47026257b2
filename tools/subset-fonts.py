#!/usr/bin/python3
"""Writes web/fonts/*.woff2, the site's two web fonts cut down to the characters it shows.

    tools/subset-fonts.py          (needs python3-fonttools and python3-brotli: tools/bootstrap)

The characters are the unicode-range of each @font-face in web/styles/site.css, the one list the
browser and this script share. Beside the fonts it writes web/fonts/coverage.json, every character
each source font has, so that tests/site/build.test.mjs can fail when a built page shows a character
its font has but the range leaves out (add it to the range, run this script, commit web/fonts/). The sources are the fontsource
variable fonts in node_modules (the Latin files, 48 and 40 KB); the subsets keep the weight axis and
the layout features a browser applies by default, plus tabular figures (playground.css asks for
them). JetBrains Mono also drops its contextual ligatures (calt, 18 of its 31 KB): the site shows
code without ligatures (site.css, code and pre). A phone on 1.6 Mbps gets its first figure sooner
with 44 KB of fonts than with 88 (bench/site/bench_site.mjs).
Run from anywhere; writes only web/fonts/.
"""
import json
import os
import re
import sys

try:
    from fontTools import subset
    from fontTools.ttLib import TTFont
except ImportError:
    sys.exit('subset-fonts: fontTools is missing: apt-get install python3-fonttools python3-brotli (tools/bootstrap)')

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
FONTSOURCE = os.path.join(ROOT, 'node_modules', '@fontsource-variable')
# output file (as site.css names it) -> source font, layout features to add, features to drop
FONTS = {
    'inter-subset.woff2': (os.path.join(FONTSOURCE, 'inter', 'files', 'inter-latin-wght-normal.woff2'), ['tnum'], []),
    'jetbrains-mono-subset.woff2': (os.path.join(FONTSOURCE, 'jetbrains-mono', 'files', 'jetbrains-mono-latin-wght-normal.woff2'), ['tnum'], ['calt']),
}


def ranges_from_css(css):
    """{file name: unicode-range text} for each @font-face of site.css."""
    out = {}
    for block in re.findall(r'@font-face\s*{([^}]*)}', css):
        src = re.search(r"url\('\.\./fonts/([^']+)'\)", block)
        rng = re.search(r'unicode-range:\s*([^;]+);', block)
        if not src or not rng:
            sys.exit(f'subset-fonts: an @font-face in site.css lacks a ../fonts/ url or a unicode-range:\n{block.strip()}')
        out[src.group(1)] = ' '.join(rng.group(1).split())
    return out


def as_ranges(codes):
    """[0x20, 0x21, 0x22, 0x41] -> 'U+0020-0022, U+0041'"""
    out = []
    for c in sorted(codes):
        if out and out[-1][1] == c - 1:
            out[-1][1] = c
        else:
            out.append([c, c])
    return ', '.join(f'U+{a:04X}' if a == b else f'U+{a:04X}-{b:04X}' for a, b in out)


def main():
    with open(os.path.join(ROOT, 'web', 'styles', 'site.css'), encoding='utf-8') as f:
        ranges = ranges_from_css(f.read())
    coverage = {}
    if sorted(ranges) != sorted(FONTS):
        sys.exit(f'subset-fonts: site.css names {sorted(ranges)}, this script makes {sorted(FONTS)}')
    for name, (source, more, fewer) in FONTS.items():
        if not os.path.exists(source):
            sys.exit(f'subset-fonts: {source} is missing: npm packages not installed (tools/bootstrap)')
        out = os.path.join(ROOT, 'web', 'fonts', name)
        args = [source, f'--unicodes={ranges[name].replace(" ", "")}', '--flavor=woff2', f'--output-file={out}']
        if more:
            args.append(f'--layout-features+={",".join(more)}')
        if fewer:
            args.append(f'--layout-features-={",".join(fewer)}')
        subset.main(args)
        print(f'subset-fonts: web/fonts/{name}: {os.path.getsize(out)} bytes (from {os.path.getsize(source)})')
        coverage[name] = {'source': os.path.relpath(source, ROOT), 'has': as_ranges(TTFont(source).getBestCmap())}
    with open(os.path.join(ROOT, 'web', 'fonts', 'coverage.json'), 'w', encoding='utf-8') as f:
        json.dump(coverage, f, indent=2)
        f.write('\n')


if __name__ == '__main__':
    main()
