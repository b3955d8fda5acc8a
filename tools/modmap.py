#!/usr/bin/env python3
"""Module map of a crate's library: lines per module, the crate modules each
imports (comments and #[cfg(test)] items stripped), and two-module circles.
Usage: python3 tools/modmap.py src   (DEPTH=1 groups by top-level module; default 2)"""
import os, re, sys
src = sys.argv[1]
SKIP = {'main.rs', 'cli'}
def modname(path):
    rel = os.path.relpath(path, src)[:-3]
    parts = rel.split(os.sep)
    if parts[-1] in ('mod', 'lib'): parts = parts[:-1]
    return '::'.join(parts) or 'crate'
def strip(text):
    text = re.sub(r'//[^\n]*', '', text)
    # drop #[cfg(test)] items: a module block or a single item
    out, i = [], 0
    while True:
        m = re.search(r'#\[cfg\(test\)\]', text[i:])
        if not m: out.append(text[i:]); break
        j = i + m.start(); out.append(text[i:j])
        k = text.find('{', j); semi = text.find(';', j)
        if semi != -1 and (k == -1 or semi < k): i = semi + 1; continue
        depth = 0
        for p in range(k, len(text)):
            if text[p] == '{': depth += 1
            elif text[p] == '}':
                depth -= 1
                if depth == 0: i = p + 1; break
        else: i = len(text)
    return ''.join(out)
mods = {}
for root, dirs, files in os.walk(src):
    if os.path.relpath(root, src).split(os.sep)[0] in SKIP: continue
    for f in files:
        if not f.endswith('.rs') or (root == src and f in SKIP): continue
        p = os.path.join(root, f); mods[modname(p)] = strip(open(p).read())
names = sorted(mods, key=lambda m: (-m.count('::'), m))
def top(m, depth):  # group: first `depth` segments
    return '::'.join(m.split('::')[:depth])
def resolve(m, path):
    """The crate module a `crate::`/`super::`/`self::` path names, if any."""
    segs = path.split('::')
    here = m.split('::') if m != 'crate' else []
    if segs[0] == 'crate':
        base, segs = [], segs[1:]
    elif segs[0] == 'self':
        base, segs = here, segs[1:]
    else:  # super, possibly repeated
        base = here
        while segs and segs[0] == 'super':
            base, segs = base[:-1], segs[1:]
    full = base + segs
    while full and '::'.join(full) not in mods:
        full = full[:-1]
    return '::'.join(full) if full else None
edges = {}
lines = {}
for m, text in mods.items():
    lines[m] = sum(1 for l in text.splitlines() if l.strip())
    deps = set()
    for path in re.findall(r'\b((?:crate|super|self)(?:::\w+)+)', text):
        r = resolve(m, path)
        if r and r != m and not r.startswith(m + '::') and not m.startswith(r + '::'): deps.add(r)
    edges[m] = deps
depth = int(os.environ.get('DEPTH', '2'))
G = {}
for m, ds in edges.items():
    a = top(m, depth)
    for d in ds:
        b = top(d, depth)
        if a != b: G.setdefault(a, set()).add(b)
L = {}
for m, n in lines.items(): L[top(m, depth)] = L.get(top(m, depth), 0) + n
print(f"library lines (non-blank, comments and tests stripped): {sum(lines.values())}")
for a in sorted(L):
    print(f"{a:28} {L[a]:6}  -> {', '.join(sorted(G.get(a, ())))}")
circles = sorted({tuple(sorted((a, b))) for a in G for b in G[a] if a in G.get(b, ())})
print("two-module circles:", ', '.join(f"{a}<->{b}" for a, b in circles) or "none")
