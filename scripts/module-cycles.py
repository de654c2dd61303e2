#!/usr/bin/env python3
"""Lists the import circles between the modules of one crate: every strongly connected group of
two or more source files that name each other through `crate::...` paths.

    scripts/module-cycles.py crates/server/src      # prints each circle, exit 1 if any

A file is a node (`state.rs`, `lobby/ws.rs`); an edge is a `crate::a::b` path in it that names
another file's module. Child modules (`state/jobs.rs`) and their parent count as one node
with the parent, as they share its items by design.
"""
import os, re, sys

def node_of(rel):
    parts = rel[:-3].split('/')
    if parts[-1] == 'mod':
        parts = parts[:-1]
    return '/'.join(parts)

def main(root):
    files = {}
    for d, _, fs in os.walk(root):
        for f in fs:
            if f.endswith('.rs'):
                rel = os.path.relpath(os.path.join(d, f), root)
                files[node_of(rel)] = open(os.path.join(d, f), encoding='utf-8').read()
    mods = set(files)
    def owner(m):
        # games/jobs belongs to games; lobby/seeks is a module of its own under lobby
        return m.split('/')[0] if m.split('/')[0] in ('games',) else m
    edges = {}
    for m, text in files.items():
        text = re.sub(r'(?s)#\[cfg\(test\)\]\s*mod tests\s*\{.*', '', text)
        src = owner(m)
        for path in re.findall(r'crate::([a-z_][a-z0-9_]*(?:::[a-z_][a-z0-9_]*)*)', text):
            parts = path.split('::')
            target = None
            for k in range(len(parts), 0, -1):
                cand = '/'.join(parts[:k])
                if cand in mods:
                    target = cand
                    break
            if target:
                t = owner(target)
                if t != src:
                    edges.setdefault(src, set()).add(t)
        for path in re.findall(r'\bsuper::([a-z_][a-z0-9_]*)', text):
            parent = '/'.join(m.split('/')[:-1])
            cand = (parent + '/' + path) if parent else path
            if cand in mods and owner(cand) != src:
                edges.setdefault(src, set()).add(owner(cand))
    nodes = sorted({owner(m) for m in mods})
    index, low, stack, on, sccs, n = {}, {}, [], set(), [], [0]
    sys.setrecursionlimit(10000)
    def visit(v):
        index[v] = low[v] = n[0]; n[0] += 1; stack.append(v); on.add(v)
        for w in edges.get(v, ()):
            if w not in index:
                visit(w); low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop(); on.discard(w); comp.append(w)
                if w == v: break
            if len(comp) > 1:
                sccs.append(sorted(comp))
    for v in nodes:
        if v not in index:
            visit(v)
    for c in sccs:
        print(f"circle of {len(c)}: " + ", ".join(c))
    print(f"{len(nodes)} modules, {sum(len(e) for e in edges.values())} imports, {len(sccs)} circles")
    return 1 if sccs else 0

if __name__ == '__main__':
    sys.exit(main(sys.argv[1] if len(sys.argv) > 1 else 'crates/server/src'))
